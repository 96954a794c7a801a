import { parseArgs } from 'node:util';

/** Options of the `bridgekit-server` command, after parsing. */
export interface CliOptions {
  port: number;
  host: string;
  data?: string;
  seed: 'demo' | 'none';
  latency: number;
  /** Origins allowed cross-origin with credentials. */
  corsOrigins: string[];
  /** Failed sign-ins per account per 15 minutes before 429; 0 turns throttling off. */
  loginThrottle: number;
  help: boolean;
}

/**
 * The origins the CLI allows by default: the demo app's own (Vite's default port), so an app
 * served there may call the API directly; `npm start` proxies `/api`, so it needs none.
 *
 * @example
 * parseCliArgs([]).corsOrigins; // DEMO_ORIGINS
 */
export const DEMO_ORIGINS: readonly string[] = ['http://localhost:5173', 'http://127.0.0.1:5173'];

/** The `--help` text of `bridgekit-server`. */
export const CLI_USAGE = `Usage: bridgekit-server [options]

  --port <n>       port to listen on (0 = any free port)        default 4000
  --host <addr>    address to bind                              default 127.0.0.1
  --data <file>    persist to this JSON file (created if absent) default: in memory
  --seed <kind>    demo | none: data to start with              default demo
  --latency <ms>   delay added to every response                default 0
  --cors-origin <origin>
                   allow this page origin cross-origin, with credentials;
                   repeat for several, "none" for none
                   default http://localhost:5173 and http://127.0.0.1:5173
  --login-throttle <n>
                   failed sign-ins per account per 15 min before 429
                   (per address 5 × n); 0 turns it off          default 10
  -h, --help       show this text`;

function count(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > max)
    throw new RangeError(`--${name} must be an integer from 0 to ${max}, got "${raw}"`);
  return n;
}

function corsOrigins(raw: string[] | undefined): string[] {
  if (raw === undefined) return [...DEMO_ORIGINS];
  if (raw.length === 1 && raw[0] === 'none') return [];
  for (const origin of raw) {
    let parsed: string | undefined;
    try {
      parsed = new URL(origin).origin;
    } catch {
      parsed = undefined;
    }
    if (parsed !== origin) {
      throw new TypeError(
        `--cors-origin must be an origin like http://localhost:5173 (or none), got "${origin}"`,
      );
    }
  }
  return raw;
}

/**
 * Parses the command line of `bridgekit-server`; throws a `TypeError`/`RangeError` naming
 * the flag for bad input.
 *
 * @example
 * parseCliArgs(['--port', '0', '--seed', 'none']); // { port: 0, seed: 'none', ... }
 */
export function parseCliArgs(argv: string[]): CliOptions {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      data: { type: 'string' },
      seed: { type: 'string' },
      latency: { type: 'string' },
      'cors-origin': { type: 'string', multiple: true },
      'login-throttle': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  const seed = values.seed ?? 'demo';
  if (seed !== 'demo' && seed !== 'none')
    throw new TypeError(`--seed must be demo or none, got "${seed}"`);
  return {
    port: count('port', values.port, 4000, 65535),
    host: values.host ?? '127.0.0.1',
    ...(values.data ? { data: values.data } : {}),
    seed,
    latency: count('latency', values.latency, 0, 60_000),
    corsOrigins: corsOrigins(values['cors-origin']),
    loginThrottle: count('login-throttle', values['login-throttle'], 10, 1_000_000),
    help: values.help ?? false,
  };
}

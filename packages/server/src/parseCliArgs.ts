import { parseArgs } from 'node:util';

/** Options of the `bridgekit-server` command, after parsing. */
export interface CliOptions {
  port: number;
  host: string;
  data?: string;
  seed: 'demo' | 'none';
  latency: number;
  help: boolean;
}

/** The `--help` text of `bridgekit-server`. */
export const CLI_USAGE = `Usage: bridgekit-server [options]

  --port <n>       port to listen on (0 = any free port)        default 4000
  --host <addr>    address to bind                              default 127.0.0.1
  --data <file>    persist to this JSON file (created if absent) default: in memory
  --seed <kind>    demo | none: data to start with              default demo
  --latency <ms>   delay added to every response                default 0
  -h, --help       show this text`;

function count(name: string, raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined) return fallback;
  const n = /^\d+$/.test(raw) ? Number(raw) : Number.NaN;
  if (!Number.isSafeInteger(n) || n > max)
    throw new RangeError(`--${name} must be an integer from 0 to ${max}, got "${raw}"`);
  return n;
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
    help: values.help ?? false,
  };
}

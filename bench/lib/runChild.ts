import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const TSCONFIG = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

/** Options of `runChild`. */
export interface RunChildOptions {
  /** Extra flags for node, e.g. `['--expose-gc']`. */
  execArgv?: string[];
  /** Passed to the child as `BENCH_OPTIONS` (JSON). */
  options?: unknown;
  /** Kills the child after this many ms. @default 600_000 */
  timeoutMs?: number;
}

/**
 * Runs one benchmark module in a fresh Node process (TypeScript through tsx, `@bridgekit/*`
 * mapped to source by bench/tsconfig.json) and resolves with the value it sends over IPC.
 * A fresh process per benchmark keeps JIT state, heap and sockets of one from skewing another.
 *
 * @example
 * const result = await runChild<OverheadResult>('overhead.ts', { options: { quick: true } });
 */
export function runChild<R>(script: string, opts: RunChildOptions = {}): Promise<R> {
  const path = fileURLToPath(new URL(`../${script}`, import.meta.url));
  return new Promise((resolve, reject) => {
    let result: { ok: true; value: R } | { ok: false; error: string } | undefined;
    const child = fork(path, [], {
      execArgv: ['--import', 'tsx', ...(opts.execArgv ?? [])],
      env: {
        ...process.env,
        TSX_TSCONFIG_PATH: TSCONFIG,
        BENCH_OPTIONS: JSON.stringify(opts.options ?? {}),
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 600_000);
    child.on('message', (message) => {
      result = message as typeof result;
    });
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      if (result?.ok) resolve(result.value);
      else if (result) reject(new Error(`${script}: ${result.error}`));
      else reject(new Error(`${script} exited (${signal ?? code}) without a result`));
    });
  });
}

/**
 * The child side of `runChild`: reads the options, runs `main`, sends the result (or the
 * error) to the parent and exits.
 *
 * @example
 * childMain(async (options: { quick: boolean }) => measure(options));
 */
export function childMain<O, R>(main: (options: O) => Promise<R>): void {
  const options = JSON.parse(process.env.BENCH_OPTIONS ?? '{}') as O;
  main(options).then(
    (value) => process.send!({ ok: true, value }, () => process.exit(0)),
    (error: unknown) => {
      const text = error instanceof Error ? (error.stack ?? error.message) : String(error);
      process.send!({ ok: false, error: text }, () => process.exit(1));
    },
  );
}

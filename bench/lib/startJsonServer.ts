import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A running loopback JSON server (in a child process). */
export interface JsonServer {
  /** e.g. `http://127.0.0.1:40123` (no trailing slash). */
  url: string;
  /** Size of the JSON body in bytes. */
  bytes: number;
  /** Stops the child process. */
  close(): Promise<void>;
}

/**
 * Starts `jsonServer.mjs` on 127.0.0.1 with an OS-chosen port in a child process.
 *
 * @example
 * const server = await startJsonServer();
 * await fetch(`${server.url}/items`);
 * await server.close();
 */
export function startJsonServer(): Promise<JsonServer> {
  const path = fileURLToPath(new URL('./jsonServer.mjs', import.meta.url));
  const child = fork(path, [], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`json server exited early (${code})`)));
    child.once('message', (message) => {
      const { port, bytes } = message as { port: number; bytes: number };
      child.removeAllListeners('exit');
      resolve({
        url: `http://127.0.0.1:${port}`,
        bytes,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

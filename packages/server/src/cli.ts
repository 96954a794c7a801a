import { resolve } from 'node:path';
import { createServer } from './createServer';
import { DEMO_USERS } from './demoData';
import { CLI_USAGE, parseCliArgs } from './parseCliArgs';

// `bridgekit-server`: starts the reference server, prints where it listens and how to sign
// in, and on SIGINT/SIGTERM stops accepting connections, answers the requests in flight and
// flushes pending writes before it exits.
async function main(): Promise<void> {
  let options: ReturnType<typeof parseCliArgs>;
  try {
    options = parseCliArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`bridgekit-server: ${(err as Error).message}\n\n${CLI_USAGE}`);
    process.exit(2);
  }
  if (options.help) {
    console.log(CLI_USAGE);
    return;
  }

  let apiUrl = '';
  const server = createServer({
    seed: options.seed,
    // No mail from a dev server: the reset link is printed for whoever runs it.
    onPasswordReset: (email, token) =>
      console.log(
        `Password reset requested for ${email}; reset with:\n  curl -X POST ${apiUrl}/auth/password/reset -H 'Content-Type: application/json' -d '{"token":"${token}","password":"<new password>"}'`,
      ),
    latencyMs: options.latency,
    cors: { origins: options.corsOrigins },
    loginThrottle: options.loginThrottle === 0 ? false : { maxFailures: options.loginThrottle },
    ...(options.data ? { dataFile: resolve(options.data) } : {}),
  });
  const { url } = await server.listen(options.port, options.host);
  apiUrl = url;

  // One write, so whoever parses the output sees the URL and the credentials together.
  const lines = [`Bridgekit reference server listening on ${url}`];
  if (options.data) lines.push(`Data file: ${resolve(options.data)}`);
  lines.push(
    `CORS allowed for: ${options.corsOrigins.length > 0 ? options.corsOrigins.join(', ') : 'no origin (same-origin and proxied calls only)'}`,
  );
  if (options.seed === 'demo') {
    lines.push('Demo users (email / password, type):');
    for (const u of DEMO_USERS) lines.push(`  ${u.email} / ${u.password}  (${u.userType})`);
  }
  lines.push('Press Ctrl-C to stop.');
  console.log(lines.join('\n'));

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    server.close().then(
      () => {
        console.log(`Stopped (${signal}).`);
        process.exit(0);
      },
      (err: unknown) => {
        console.error(`bridgekit-server: error while stopping: ${(err as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  console.error(`bridgekit-server: ${(err as Error).message}`);
  process.exit(1);
});

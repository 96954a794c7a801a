// Runs one README example (an ES module, the path given as the only argument) and says
// whether it did what the README shows: it fails when the module throws or rejects, when a
// promise rejects unhandled, when a request gets an HTTP error status or no answer, when it
// logs an `ApiResponse` with `success: false`, or when it reaches a `console.error` (the
// examples' failure branch). Exits 0 or 1 once the module's top level is done: timers an
// example leaves behind (a session refresh, say) do not keep it alive.
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';

const failures = [];
const fail = (text) => failures.push(text);

const realFetch = globalThis.fetch;
globalThis.fetch = async function fetch(input, init) {
  const url = typeof input === 'string' ? input : (input?.href ?? input?.url);
  const what = `${init?.method ?? input?.method ?? 'GET'} ${url}`;
  try {
    const response = await realFetch(input, init);
    if (response.status >= 400) fail(`${what} answered ${response.status}`);
    return response;
  } catch (error) {
    fail(`${what} got no answer: ${error?.message ?? error}`);
    throw error;
  }
};

const isFailedResponse = (value) =>
  typeof value === 'object' && value !== null && value.success === false;
for (const level of ['log', 'info', 'warn', 'debug']) {
  const original = console[level].bind(console);
  console[level] = (...args) => {
    if (args.some(isFailedResponse)) fail(`logged success: false: ${format(...args)}`);
    original(...args);
  };
}
const originalError = console.error.bind(console);
console.error = (...args) => {
  fail(`console.error: ${format(...args)}`);
  originalError(...args);
};

process.on('unhandledRejection', (reason) =>
  fail(`unhandled rejection: ${reason?.stack ?? reason}`),
);
process.on('uncaughtException', (error) => {
  fail(`uncaught exception: ${error?.stack ?? error}`);
  finish();
});

function finish() {
  if (failures.length) {
    process.stderr.write(`${failures.map((f) => `  ✗ ${f}`).join('\n')}\n`);
    process.exit(1);
  }
  process.exit(0);
}

try {
  await import(pathToFileURL(process.argv[2]).href);
} catch (error) {
  fail(`threw: ${error?.stack ?? error}`);
}
// Let what the module started without awaiting settle (a floating promise, a last log).
setTimeout(finish, 100);

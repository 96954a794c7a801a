// Runs one README example (an ES module, the path given as the only argument) and says
// whether it did what the README shows: it fails when the module throws or rejects, when a
// promise rejects unhandled, when a request gets an HTTP error status or no answer (a request
// the example's code aborted is not counted), when it logs an `ApiResponse` with
// `success: false`, or when it reaches a `console.error` (the examples' failure branch). Exits 0
// or 1 once the module's top level is done: timers an example leaves behind (a session refresh,
// say) do not keep it alive.
import { pathToFileURL } from 'node:url';
import { format } from 'node:util';

const failures = [];
const isFailedResponse = (value) =>
  typeof value === 'object' && value !== null && value.success === false;
const fail = (text) => failures.push(text);

// Statuses the example provokes on purpose (its `<!-- run: expects 401 -->` mark).
const expected = new Set(
  (process.env.BK_README_EXPECTS ?? '').split(',').filter(Boolean).map(Number),
);
const realFetch = globalThis.fetch;
// Requests in flight, for React examples waiting to settle (mount.mjs).
globalThis.__bkReadmeInFlight = 0;
globalThis.fetch = async function fetch(input, init) {
  const url = typeof input === 'string' ? input : (input?.href ?? input?.url);
  const what = `${init?.method ?? input?.method ?? 'GET'} ${url}`;
  globalThis.__bkReadmeInFlight++;
  try {
    const response = await realFetch(input, init);
    if (expected.has(response.status)) return response;
    if (response.status >= 400) fail(`${what} answered ${response.status}`);
    else if (response.headers.get('content-type')?.includes('json')) {
      const body = await response
        .clone()
        .json()
        .catch(() => null);
      if (isFailedResponse(body)) fail(`${what} answered success: false`);
    }
    return response;
  } catch (error) {
    // A read the example's own code called off (a hook whose key changed aborts its request)
    // is not a request the server left unanswered; a time-out is.
    const signal = init?.signal ?? input?.signal;
    const calledOff = signal?.aborted && signal.reason?.name !== 'TimeoutError';
    if (!calledOff) fail(`${what} got no answer: ${error?.message ?? error}`);
    throw error;
  } finally {
    globalThis.__bkReadmeInFlight--;
  }
};

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

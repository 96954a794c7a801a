/**
 * The fault matrix: every fault mode × every verb × retries (0, 2) × time-out (off, on) ×
 * caller abort (no, yes). Each case asserts the outcome docs/guide/requests.md ("Error codes",
 * "Retries") promises, the attempts the server saw, and the timing of time-outs and aborts.
 */
import { type ApiResponse, createClient } from '@bridgekit/core';
import { describe, it } from 'vitest';
import {
  FAULT_MODES,
  type FaultMode,
  type FaultServer,
  HTML_404,
  HTML_502,
  MALFORMED_JSON,
  startFaultServer,
} from './faultServer';
import { failOnUnhandledRejections } from './noUnhandledRejections';

failOnUnhandledRejections();

const VERBS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;
type Verb = (typeof VERBS)[number];
const RETRIES = [0, 2] as const;
const SESSION = 'matrix-session';
const RETRY_DELAY = 2;
const TIMEOUT = 200;
/** How long a hanging server waits before it drops the connection, when no time-out is set. */
const HANG_MS = 200;
/**
 * With a time-out set, the server hangs ten times longer than the time-out, so only the
 * time-out can end an attempt, however busy the machine is. (A test on a shared machine
 * cannot say how promptly a timer fires; it can say which one ended the attempt.)
 */
const TIMED_OUT_HANG_MS = TIMEOUT * 10;
const HUGE_BYTES = 20 * 1024 * 1024;
const REDIRECT_HOPS = 21; // the first request plus the 20 redirects the client follows
/**
 * How soon after the abort the call must have resolved. Without the abort these calls would
 * wait for hangs (200 ms per attempt), 1 s Retry-After waits or 20 MB bodies; the margin is
 * for a loaded CI machine, where the event loop itself can lag by 100+ ms.
 */
const ABORT_MS = 400;

/**
 * The time-out a case uses when it has one. Only `hang` is meant to run into it; elsewhere it
 * is set (so the time-out and the caller's signal are combined) with room for a loaded
 * machine: a 21-hop redirect loop or a 20 MB body can take longer than 200 ms.
 */
const timeoutFor = (mode: FaultMode) =>
  mode === 'hang' ? TIMEOUT : mode === 'huge-body' ? 10_000 : 2_000;
const idempotent = (verb: Verb) => verb === 'GET' || verb === 'PUT' || verb === 'DELETE';

interface Expected {
  success: boolean;
  status: number;
  code?: string;
  error?: string | RegExp;
  data?: unknown;
  /** Requests the faulty server saw. */
  attempts: number;
  /** Requests the other origin saw (cross-origin redirect). */
  other?: number;
  /** Lower bound on the call's duration. */
  minMs?: number;
}

const NETWORK = { success: false, status: 0, code: 'NETWORK_ERROR', error: /^Network error/ };

function expected(mode: FaultMode, verb: Verb, retries: number, timeout: number): Expected {
  const tries = idempotent(verb) ? retries + 1 : 1;
  const retried = idempotent(verb) && retries > 0;
  const echo = { method: verb };
  switch (mode) {
    case 'reset-before-headers':
    case 'reset-mid-body':
      return { ...NETWORK, attempts: tries };
    case 'hang':
      return timeout > 0
        ? {
            success: false,
            status: 0,
            code: 'TIMEOUT',
            error: `Request timed out after ${timeout} ms`,
            attempts: tries,
            minMs: tries * timeout,
          }
        : { ...NETWORK, attempts: tries, minMs: tries * HANG_MS };
    case 'slow-body':
      return { success: true, status: 200, data: { chunks: [0, 1, 2, 3] }, attempts: 1 };
    case 'burst-5xx':
      return retried
        ? { success: true, status: 200, data: echo, attempts: 3 }
        : {
            success: false,
            status: 500,
            error: 'Internal failure',
            code: 'INTERNAL',
            attempts: 1,
          };
    case '429-seconds':
    case '429-date':
    case '503-seconds':
    case '503-date':
      return retried
        ? {
            success: true,
            status: 200,
            data: echo,
            attempts: 2,
            // seconds: exactly 1 s; date: whole seconds, so between 0.5 and 1.5 s
            minMs: mode.endsWith('seconds') ? 990 : 450,
          }
        : {
            success: false,
            status: mode.startsWith('429') ? 429 : 503,
            error: 'Try again later',
            code: 'RATE_LIMITED',
            attempts: 1,
          };
    case 'malformed-json':
      return { success: true, status: 200, data: MALFORMED_JSON, attempts: 1 };
    case 'huge-body':
      return { success: true, status: 200, attempts: 1 };
    case 'redirect-cross-origin':
      // 302 turns POST into GET (fetch standard); other methods are kept.
      return {
        success: true,
        status: 200,
        data: { method: verb === 'POST' ? 'GET' : verb },
        attempts: 1,
        other: 1,
      };
    case 'redirect-loop':
      return { ...NETWORK, error: /redirects/, attempts: REDIRECT_HOPS * tries };
    case 'html-502':
      return {
        success: false,
        status: 502,
        error: 'HTTP 502 Bad Gateway',
        data: HTML_502,
        attempts: tries,
      };
    case 'html-404':
      // A framework's HTML error page is not a message: the status line stands.
      return {
        success: false,
        status: 404,
        error: 'HTTP 404 Not Found',
        data: HTML_404,
        attempts: 1,
      };
    case 'ok':
      return { success: true, status: 200, data: echo, attempts: 1 };
    case 'unauthorized':
      return { success: false, status: 401, code: 'UNAUTHORIZED', attempts: 1 };
  }
}

interface Case {
  verb: Verb;
  retries: number;
  timeout: 'on' | 'off';
  abort: 'yes' | 'no';
}

const CASES: Case[] = VERBS.flatMap((verb) =>
  RETRIES.flatMap((retries) =>
    (['off', 'on'] as const).flatMap((timeout) =>
      (['no', 'yes'] as const).map((abort) => ({ verb, retries, timeout, abort })),
    ),
  ),
);

function send(
  api: ReturnType<typeof createClient>,
  verb: Verb,
  options: { timeout: number; signal?: AbortSignal },
): Promise<ApiResponse> {
  const body = { n: 1 };
  switch (verb) {
    case 'GET':
      return api.get('/fault', options);
    case 'DELETE':
      return api.delete('/fault', options);
    case 'POST':
      return api.post('/fault', body, options);
    case 'PUT':
      return api.put('/fault', body, options);
    case 'PATCH':
      return api.patch('/fault', body, options);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Expect = typeof import('vitest').expect;

// Each case has its own pair of servers (cases run concurrently), closed when it ends.
async function runCase(mode: FaultMode, c: Case, expect: Expect): Promise<void> {
  const other = await startFaultServer('ok');
  const server = await startFaultServer(mode, {
    hangMs: c.timeout === 'on' ? TIMED_OUT_HANG_MS : HANG_MS,
    redirectTo: `${other.url}/landing`,
    hugeBytes: HUGE_BYTES,
  });
  try {
    await check(mode, c, expect, server, other);
  } finally {
    await Promise.all([server.close(), other.close()]);
  }
}

async function check(
  mode: FaultMode,
  c: Case,
  expect: Expect,
  server: FaultServer,
  other: FaultServer,
): Promise<void> {
  const errors: Error[] = [];
  const api = createClient(server.url, {
    sessionId: SESSION,
    retryAttempts: c.retries,
    retryDelay: RETRY_DELAY,
    onError: (error) => errors.push(error),
  });
  const timeout = c.timeout === 'on' ? timeoutFor(mode) : 0;
  const controller = new AbortController();
  if (c.abort === 'yes') server.onRequest(() => controller.abort());

  const started = performance.now();
  const promise = send(api, c.verb, {
    timeout,
    ...(c.abort === 'yes' ? { signal: controller.signal } : {}),
  });
  // Resolves, never rejects: a rejection fails the test with its reason.
  const res = await promise;
  const ended = performance.now();
  const elapsed = ended - started;

  const want: Expected =
    c.abort === 'yes'
      ? {
          success: false,
          status: 0,
          code: 'ABORTED',
          error: 'Request aborted',
          attempts: 1,
          other: 0,
        }
      : expected(mode, c.verb, c.retries, timeout);

  expect(res.success).toBe(want.success);
  expect(res.status).toBe(want.status);
  if (want.code === undefined) expect(res.code).toBeUndefined();
  else expect(res.code).toBe(want.code);
  if (want.error === undefined) expect(res.error).toBeUndefined();
  else if (typeof want.error === 'string') expect(res.error).toBe(want.error);
  else expect(res.error).toMatch(want.error);
  if (mode === 'huge-body' && c.abort === 'no') {
    expect(typeof res.data).toBe('string');
    expect((res.data as string).length).toBe(HUGE_BYTES - '{"success":true,"data":""}'.length);
  } else if (want.data !== undefined && typeof want.data === 'object') {
    expect(res.data).toMatchObject(want.data as object);
  } else if (want.data !== undefined) {
    expect(res.data).toBe(want.data);
  }

  // Failures without a response are told to onError once; HTTP statuses never are.
  if (res.status === 0) {
    expect(errors).toHaveLength(1);
    expect(errors[0]).toBeInstanceOf(Error);
  } else {
    expect(errors).toEqual([]);
  }

  // Attempts: settle a little longer than any backoff, then count.
  await sleep(RETRY_DELAY * 8 + 10);
  expect(server.count()).toBe(want.attempts);
  if (want.other !== undefined) expect(other.count()).toBe(want.other);
  // The session goes to the base URL's origin on every attempt, never to the other one.
  for (const req of server.requests) expect(req.headers['x-session-id']).toBe(SESSION);
  for (const req of other.requests) expect(req.headers['x-session-id']).toBeUndefined();

  if (c.abort === 'yes') {
    // The abort (fired when the first request arrived) ends the call at once: see ABORT_MS.
    expect(ended - server.requests[0]!.at).toBeLessThan(ABORT_MS);
    return;
  }
  if (want.minMs !== undefined) expect(elapsed).toBeGreaterThanOrEqual(want.minMs - 5);
  if (mode === 'hang' && timeout > 0) {
    // Each attempt was ended by the time-out, not by the server dropping it: measured between
    // arrivals at the server and, for the last attempt, from its arrival to the call's end.
    const arrivals = server.requests.map((r) => r.at);
    for (let k = 0; k < arrivals.length; k++) {
      const end = k + 1 < arrivals.length ? arrivals[k + 1]! : ended;
      expect(end - arrivals[k]!).toBeLessThan(TIMED_OUT_HANG_MS);
    }
  }
}

const label = (c: Case) => `${c.verb} retries=${c.retries} timeout=${c.timeout} abort=${c.abort}`;

// The cases wait mostly on timers and sockets and run side by side (vitest's maxConcurrency,
// 5 by default).
describe.each(FAULT_MODES)('fault %s', (mode) => {
  const rows = CASES.map((c): [string, Case] => [label(c), c]);
  it.concurrent.for(rows)('%s', { timeout: 20_000 }, ([, c], { expect }) =>
    runCase(mode, c, expect),
  );
});

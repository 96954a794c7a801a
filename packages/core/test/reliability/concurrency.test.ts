/**
 * 500 parallel calls with their own headers while the session switches mid-way.
 *
 * The rule checked (per request): it carries exactly its own headers (its `X-Call` id and its
 * one `X-Tag-*`, nothing of another call), and the session header holds the session of some
 * version `v` with `start <= v <= arrival`, where `start` is the version current when the call
 * was made and `arrival` the version current when the request reached the server. So a call
 * never carries a session older than the one it was started with, never one from the future,
 * and never a mix; after `clearSession()` (a version whose session is none) no call started
 * later carries any.
 */
import { type Client, createClient } from '@bridgekit/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FaultServer, type SeenRequest, startFaultServer } from './faultServer';
import { failOnUnhandledRejections } from './noUnhandledRejections';

failOnUnhandledRejections();

const CALLS = 500;
const BATCH = 25;
const TAGS = 7;

let server: FaultServer;
beforeAll(async () => {
  server = await startFaultServer('ok');
});
afterAll(() => server.close());
beforeEach(() => server.reset());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Run {
  /** Session of each version (`null`: cleared). */
  sessions: Array<string | null>;
  startVersion: number[];
  arrivalVersion: Map<string, number>;
}

/**
 * Fires the calls in batches; between batches the session moves to the next version, set
 * by `switchTo` (which may also clear it).
 */
async function burst(
  api: Client,
  switchTo: (version: number) => string | null,
  verbs: Array<'get' | 'post' | 'put' | 'patch' | 'delete'>,
): Promise<Run> {
  let version = 0;
  const sessions: Array<string | null> = [switchTo(0)];
  const startVersion: number[] = [];
  const arrivalVersion = new Map<string, number>();
  const off = server.onRequest((req: SeenRequest) => {
    arrivalVersion.set(String(req.headers['x-call']), version);
  });
  const calls: Promise<unknown>[] = [];
  for (let i = 0; i < CALLS; i++) {
    if (i > 0 && i % BATCH === 0) {
      // Let some requests get going, then switch.
      await sleep(i % (BATCH * 2) === 0 ? 1 : 0);
      version++;
      sessions.push(switchTo(version));
    }
    startVersion.push(version);
    const headers = { 'X-Call': String(i), [`X-Tag-${i % TAGS}`]: `t${i}` };
    const verb = verbs[i % verbs.length]!;
    const options = { headers, params: { i } };
    calls.push(
      verb === 'get' || verb === 'delete'
        ? api[verb]('/c', options)
        : api[verb]('/c', { i }, options),
    );
  }
  const results = (await Promise.all(calls)) as Array<{ success: boolean }>;
  off();
  expect(results.every((r) => r.success)).toBe(true);
  return { sessions, startVersion, arrivalVersion };
}

function check(run: Run): void {
  expect(server.count()).toBe(CALLS);
  const byCall = new Map(server.requests.map((r) => [String(r.headers['x-call']), r]));
  expect(byCall.size).toBe(CALLS);
  for (let i = 0; i < CALLS; i++) {
    const req = byCall.get(String(i))!;
    expect(req, `call ${i} arrived`).toBeDefined();
    // Its own headers, and none of another call's.
    const tags = Object.keys(req.headers).filter((h) => h.startsWith('x-tag-'));
    expect(tags).toEqual([`x-tag-${i % TAGS}`]);
    expect(req.headers[`x-tag-${i % TAGS}`]).toBe(`t${i}`);
    expect(req.url).toBe(`/api/c?i=${i}`);
    if (req.method !== 'GET' && req.method !== 'DELETE') expect(req.body).toBe(`{"i":${i}}`);
    // The session of a version between the call's start and the request's arrival.
    const start = run.startVersion[i]!;
    const arrival = run.arrivalVersion.get(String(i))!;
    const sent = req.headers['x-session-id'] ?? null;
    const allowed = run.sessions.slice(start, arrival + 1);
    expect(allowed, `call ${i}: session ${sent} in versions ${start}..${arrival}`).toContain(sent);
  }
}

// 500 calls at once are slow on a loaded 2-core runner; what is asserted is never their time.
describe('500 parallel calls while the session switches', { timeout: 30_000 }, () => {
  it('in-memory session (setSessionId / clearSession), every verb', async () => {
    const api = createClient(server.url, { timeout: 10_000 });
    const run = await burst(
      api,
      (v) => {
        // Every fifth version clears the session.
        if (v % 5 === 4) {
          api.clearSession();
          return null;
        }
        api.setSessionId(`s${v}`);
        return `s${v}`;
      },
      ['get', 'post', 'put', 'patch', 'delete'],
    );
    check(run);
    // The in-memory session is read when the call is made: exactly its start version.
    for (let i = 0; i < CALLS; i++) {
      const req = server.requests.find((r) => r.headers['x-call'] === String(i))!;
      expect(req.headers['x-session-id'] ?? null).toBe(run.sessions[run.startVersion[i]!]);
    }
  });

  it('async getSessionId and an async request interceptor: the session may be a later one, never an earlier one', async () => {
    let current: string | null = null;
    const api = createClient(server.url, {
      timeout: 10_000,
      getSessionId: async () => {
        await sleep(Math.random() < 0.5 ? 0 : 1);
        return current;
      },
    });
    api.addRequestInterceptor(async (config) => {
      await sleep(Math.random() < 0.3 ? 1 : 0);
      return { ...config, headers: { ...config.headers, 'X-Intercepted': '1' } };
    });
    const run = await burst(
      api,
      (v) => {
        current = v % 4 === 3 ? null : `g${v}`;
        return current;
      },
      ['get', 'post', 'put'],
    );
    check(run);
    expect(server.requests.every((r) => r.headers['x-intercepted'] === '1')).toBe(true);
  });

  it('default headers changed mid-way: each call carries the defaults of its start, plus its own', async () => {
    const api = createClient(server.url, { timeout: 10_000, sessionId: 'fixed' });
    const run = await burst(
      api,
      (v) => {
        api.setHeader('X-Default', `d${v}`);
        return 'fixed';
      },
      ['get', 'patch'],
    );
    check(run);
    for (let i = 0; i < CALLS; i++) {
      const req = server.requests.find((r) => r.headers['x-call'] === String(i))!;
      expect(req.headers['x-default']).toBe(`d${run.startVersion[i]}`);
    }
  });
});

/**
 * Per-call overhead: raw fetch + json(), @bridgekit/core, ky, ofetch and axios against one
 * loopback JSON server (its own process), sequential and 64-way concurrent, in interleaved
 * rounds. Run by run.ts in a child process.
 */
import http from 'node:http';
import { createClient } from '@bridgekit/core';
import axios from 'axios';
import ky from 'ky';
import { createFetch, ofetch } from 'ofetch';
import { childMain } from './lib/runChild';
import { startJsonServer } from './lib/startJsonServer';
import { median, now, round } from './lib/stats';

/** Options of the overhead benchmark. */
export interface OverheadOptions {
  quick?: boolean;
}

/** Figures of one client in one mode. */
export interface ClientFigures {
  /** Median over rounds of µs per call. */
  medianUs: number;
  /** Median over rounds of (this client's µs per call / raw fetch's in the same round). */
  ratio: number;
  /** µs per call of every round, in order. */
  roundsUs: number[];
}

/** What the overhead benchmark reports. */
export interface OverheadResult {
  rounds: number;
  sequentialCallsPerRound: number;
  concurrentCallsPerRound: number;
  concurrency: number;
  bodyBytes: number;
  sequential: Record<string, ClientFigures>;
  concurrent: Record<string, ClientFigures>;
  /**
   * The client's own work per call, without a network: every client is handed the same
   * in-memory `fetch` that answers with a ready `Response` (axios cannot take a fetch).
   * CPU-bound in one process, so it is far less sensitive to a busy machine.
   */
  pipeline: { callsPerRound: number; figures: Record<string, ClientFigures> };
  /**
   * Where core's extra time goes on the network path (full runs only): raw fetch, raw fetch
   * given the same init core passes (a time-out signal from an AbortController + timer,
   * `Accept`, `redirect: 'manual'`), core with `timeout: 0` (no signal), core as shipped.
   */
  breakdown?: { callsPerRound: number; figures: Record<string, ClientFigures> };
}

type Call = () => Promise<unknown>;

export const CONCURRENCY = 64;

/** The contenders, each doing what its README shows for "GET some JSON". */
function contenders(base: string): Record<string, Call> {
  const url = `${base}/api/products`;
  const core = createClient(`${base}/api`);
  // axios in Node uses its http adapter; give it the keep-alive fetch (undici) has by default.
  const agent = new http.Agent({ keepAlive: true });
  const ax = axios.create({ httpAgent: agent });
  const coreNoTimeout = createClient(`${base}/api`, { timeout: 0 });
  return {
    'fetch + json()': async () => {
      const res = await fetch(url);
      return res.json();
    },
    [INIT]: () => fetchWithCoreInit(url),
    '@bridgekit/core': async () => (await core.get('/products')).data,
    [CORE_NO_TIMEOUT]: async () => (await coreNoTimeout.get('/products')).data,
    ky: () => ky.get(url).json(),
    ofetch: () => ofetch(url),
    axios: async () => (await ax.get(url)).data,
  };
}

/** Raw fetch given the init core passes: a 30 s time-out signal, `Accept`, manual redirects. */
async function fetchWithCoreInit(url: string): Promise<unknown> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 30_000);
  try {
    const res = await fetch(url, {
      method: 'GET',
      headers: { Accept: 'application/json' },
      signal: controller.signal,
      redirect: 'manual',
    });
    return await res.json();
  } finally {
    clearTimeout(timer);
  }
}

/** Contender names the budgets read. */
export const INIT = "fetch + json() with core's init";
export const CORE_NO_TIMEOUT = '@bridgekit/core, timeout: 0';

function breakdownContenders(base: string): Record<string, Call> {
  const url = `${base}/api/products`;
  const core = createClient(`${base}/api`);
  const coreNoTimeout = createClient(`${base}/api`, { timeout: 0 });
  return {
    'fetch + json()': async () => (await fetch(url)).json(),
    [INIT]: () => fetchWithCoreInit(url),
    [CORE_NO_TIMEOUT]: async () => (await coreNoTimeout.get('/products')).data,
    '@bridgekit/core': async () => (await core.get('/products')).data,
  };
}

/** The same contenders with an in-memory fetch instead of the network. */
function pipelineContenders(body: string): Record<string, Call> {
  const init = { status: 200, headers: { 'Content-Type': 'application/json; charset=utf-8' } };
  const memoryFetch = async (_input: unknown, _init?: unknown) => new Response(body, init);
  const url = 'http://127.0.0.1:1/api/products';
  const core = createClient('http://127.0.0.1:1/api', { fetch: memoryFetch as typeof fetch });
  const kyMemory = ky.create({ fetch: memoryFetch as typeof fetch });
  const ofetchMemory = createFetch({ fetch: memoryFetch as typeof fetch });
  return {
    'fetch + json()': async () => (await memoryFetch(url)).json(),
    '@bridgekit/core': async () => (await core.get('/products')).data,
    ky: () => kyMemory.get(url).json(),
    ofetch: () => ofetchMemory(url),
  };
}

async function sequential(call: Call, count: number): Promise<number> {
  const t0 = now();
  for (let i = 0; i < count; i++) await call();
  return ((now() - t0) * 1000) / count;
}

async function concurrent(call: Call, batches: number): Promise<number> {
  const t0 = now();
  for (let b = 0; b < batches; b++) {
    await Promise.all(Array.from({ length: CONCURRENCY }, call));
  }
  return ((now() - t0) * 1000) / (batches * CONCURRENCY);
}

function summarize(names: string[], perRound: Array<Record<string, number>>) {
  const out: Record<string, ClientFigures> = {};
  const [raw] = names as [string];
  for (const name of names) {
    const roundsUs = perRound.map((r) => r[name]!);
    out[name] = {
      medianUs: round(median(roundsUs), 1),
      ratio: round(median(perRound.map((r) => r[name]! / r[raw]!)), 3),
      roundsUs: roundsUs.map((v) => round(v, 1)),
    };
  }
  return out;
}

async function interleaved(calls: Record<string, Call>, rounds: number, callsPerRound: number) {
  const names = Object.keys(calls);
  for (const name of names) await sequential(calls[name]!, callsPerRound);
  const perRound: Array<Record<string, number>> = [];
  for (let r = 0; r < rounds; r++) {
    const row: Record<string, number> = {};
    for (let i = 0; i < names.length; i++) {
      const name = names[(i + r) % names.length]!;
      row[name] = await sequential(calls[name]!, callsPerRound);
    }
    perRound.push(row);
  }
  return { callsPerRound, figures: summarize(names, perRound) };
}

/**
 * Runs the benchmark. Rounds are interleaved (every client once per round) and the order
 * rotates by one each round, so no client always runs right after another one's GC.
 *
 * @example
 * const result = await measureOverhead({ quick: true });
 */
export async function measureOverhead(options: OverheadOptions): Promise<OverheadResult> {
  const quick = options.quick === true;
  const rounds = quick ? 9 : 25;
  const seqCalls = quick ? 150 : 400;
  const batches = quick ? 4 : 10;
  const server = await startJsonServer();
  try {
    const calls = contenders(server.url);
    const names = Object.keys(calls);
    for (const name of names) {
      const data = (await calls[name]!()) as unknown[];
      if (!Array.isArray(data) || data.length !== 10) {
        throw new Error(`${name} did not return the list: ${JSON.stringify(data)}`);
      }
    }
    // Warm-up: JIT, keep-alive pools of each client (sequential and concurrent sizes).
    for (const name of names) {
      await sequential(calls[name]!, quick ? 300 : 1000);
      await concurrent(calls[name]!, quick ? 3 : 8);
    }
    const seqRounds: Array<Record<string, number>> = [];
    const conRounds: Array<Record<string, number>> = [];
    for (let r = 0; r < rounds; r++) {
      const order = names.map((_, i) => names[(i + r) % names.length]!);
      const seq: Record<string, number> = {};
      const con: Record<string, number> = {};
      for (const name of order) seq[name] = await sequential(calls[name]!, seqCalls);
      for (const name of order) con[name] = await concurrent(calls[name]!, batches);
      seqRounds.push(seq);
      conRounds.push(con);
      process.stderr.write(`  overhead round ${r + 1}/${rounds}\r`);
    }
    process.stderr.write('\n');
    const body = JSON.stringify(await calls[names[0]!]!());
    const pipeline = await interleaved(pipelineContenders(body), rounds, 2000);
    const breakdown = quick
      ? undefined
      : await interleaved(breakdownContenders(server.url), rounds, seqCalls);
    return {
      rounds,
      sequentialCallsPerRound: seqCalls,
      concurrentCallsPerRound: batches * CONCURRENCY,
      concurrency: CONCURRENCY,
      bodyBytes: server.bytes,
      sequential: summarize(names, seqRounds),
      concurrent: summarize(names, conRounds),
      pipeline,
      ...(breakdown && { breakdown }),
    };
  } finally {
    await server.close();
  }
}

if (process.send !== undefined) childMain(measureOverhead);

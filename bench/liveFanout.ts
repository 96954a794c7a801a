/**
 * The change feed fanning one write out to 1 000 subscribers: the reference server runs in a
 * process of its own (bench/lib/fanoutServer.ts), 1 000 feeds of `GET /api/events` are open on
 * it from this process (one connection each, read and parsed as an EventSource does), and an
 * editor updates a product, one write at a time. For each write, the time from sending it to
 * each subscriber's having parsed its event; over every delivery, the median, p99 and worst.
 * The server's memory is read after a collection: before the feeds, with them open, and after
 * the writes. Run by run.ts in a child process. Reported, no budget.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { createParser } from 'eventsource-parser';
import type { ServerMemory } from './lib/fanoutServer';
import { childMain } from './lib/runChild';
import { now, round } from './lib/stats';

/** Options of the fan-out benchmark. */
export interface LiveFanoutOptions {
  quick?: boolean;
}

/** What the fan-out benchmark reports. */
export interface LiveFanoutResult {
  subscribers: number;
  writes: number;
  /** Events parsed by the subscribers, all writes together (subscribers × writes when none is lost). */
  deliveries: number;
  /** Every subscriber got every write's event, exactly once. */
  allDeliveredOnce: boolean;
  /** ms from sending a write to a subscriber's having its event: over every delivery. */
  deliveryMs: { median: number; p99: number; max: number };
  /** ms from sending a write to its answer (median). */
  answerMs: number;
  /** The server process's memory after a collection, in MB. */
  serverMb: {
    before: { heap: number; rss: number };
    withFeeds: { heap: number; rss: number };
    afterWrites: { heap: number; rss: number };
  };
  /** (rss with the feeds - rss before) / subscribers, in KB. */
  perFeedKb: number;
}

const SUBSCRIBERS = 1000;
const WRITES = 20;
const SERVER = fileURLToPath(new URL('./lib/fanoutServer.ts', import.meta.url));

function startServer(subscribers: number): Promise<{ child: ChildProcess; url: string }> {
  const child = fork(SERVER, [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    env: { ...process.env, FANOUT_OPTIONS: JSON.stringify({ subscribers }) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve({ child, url: (message as { url: string }).url }));
    child.once('exit', (code) => reject(new Error(`the fan-out server exited (${code})`)));
  });
}

function memoryOf(child: ChildProcess): Promise<{ heap: number; rss: number }> {
  return new Promise((resolve) => {
    child.once('message', (message) => {
      const { heapUsed, rss } = message as ServerMemory;
      resolve({ heap: round(heapUsed / 2 ** 20, 1), rss: round(rss / 2 ** 20, 1) });
    });
    child.send('memory');
  });
}

async function call(url: string, method: string, body: unknown, session?: string) {
  const res = await fetch(url, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(session ? { 'x-session-id': session } : {}),
    },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status}`);
  return (await res.json()) as { data: any };
}

/** One subscriber: a feed on its own connection; `onChange` hears each change event's data. */
function subscribe(
  url: string,
  session: string,
  onChange: (data: { record?: { name?: string } }) => void,
): Promise<() => void> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/events?resources=products`, {
      agent: false,
      headers: { 'x-session-id': session },
    });
    req.on('response', (res) => {
      if (res.statusCode !== 200) reject(new Error(`GET /events: ${res.statusCode}`));
      res.setEncoding('utf8');
      const parser = createParser({
        onEvent(message) {
          if (message.event === 'ready') resolve(() => req.destroy());
          else if (message.event === undefined) onChange(JSON.parse(message.data));
        },
      });
      res.on('data', (chunk: string) => parser.feed(chunk));
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Runs the benchmark.
 *
 * @example
 * const { deliveryMs } = await measureLiveFanout({ quick: true });
 */
export async function measureLiveFanout(options: LiveFanoutOptions): Promise<LiveFanoutResult> {
  const subscribers = SUBSCRIBERS;
  const writes = options.quick ? 5 : WRITES;
  const { child, url } = await startServer(subscribers);
  try {
    const signIn = async (userName: string) =>
      (await call(`${url}/auth/login`, 'POST', { userName, password: `${userName}123` })).data
        .sessionId as string;
    const viewer = await signIn('viewer');
    const editor = await signIn('editor');
    const before = await memoryOf(child);

    // arrivals[w][s]: when subscriber s parsed write w's event (ms, this process's clock).
    const arrivals = Array.from({ length: writes }, () => new Array<number>(subscribers).fill(-1));
    let extra = 0;
    let pending = 0;
    let allIn: () => void = () => {};
    const closers = await Promise.all(
      Array.from({ length: subscribers }, (_, s) =>
        subscribe(url, viewer, (data) => {
          const w = Number(/^fanout (\d+)$/.exec(data.record?.name ?? '')?.[1] ?? Number.NaN);
          const row = arrivals[w];
          if (!row || row[s] !== -1) {
            extra++;
            return;
          }
          row[s] = now();
          if (--pending === 0) allIn();
        }),
      ),
    );
    const withFeeds = await memoryOf(child);

    const latencies: number[] = [];
    const answers: number[] = [];
    for (let w = 0; w < writes; w++) {
      pending = subscribers;
      const delivered = new Promise<void>((resolve) => {
        allIn = resolve;
      });
      const sent = now();
      await call(`${url}/products/1`, 'PATCH', { name: `fanout ${w}` }, editor);
      answers.push(now() - sent);
      await delivered;
      for (const at of arrivals[w]!) latencies.push(at - sent);
    }
    const afterWrites = await memoryOf(child);
    for (const close of closers) close();

    const sorted = [...latencies].sort((a, b) => a - b);
    const pick = (q: number) =>
      round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!, 1);
    return {
      subscribers,
      writes,
      deliveries: latencies.length + extra,
      allDeliveredOnce: extra === 0 && latencies.length === subscribers * writes,
      deliveryMs: { median: pick(0.5), p99: pick(0.99), max: round(sorted.at(-1)!, 1) },
      answerMs: round([...answers].sort((a, b) => a - b)[answers.length >> 1]!, 1),
      serverMb: { before, withFeeds, afterWrites },
      perFeedKb: round(((withFeeds.rss - before.rss) * 1024) / subscribers, 1),
    };
  } finally {
    child.send('stop');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

if (process.send !== undefined) childMain(measureLiveFanout);

/**
 * "Export HAR": recorded calls as an HTTP Archive 1.2 (the format browsers' network panels
 * import and export), credentials left redacted. What HAR has no field for (attempts, retries,
 * the query as written, the instance) is kept in `_`-prefixed fields, as the format allows.
 */
import type { RecordedCall } from '../record/recorderState';

/** A name and a value, as HAR lists headers and query parameters. */
export interface HarPair {
  name: string;
  value: string;
}

/**
 * One request and its answer in an HTTP Archive 1.2.
 *
 * @example
 * const slow = (entry: HarEntry) => entry.time > 1000;
 */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: {
    method: string;
    url: string;
    httpVersion: string;
    cookies: HarPair[];
    headers: HarPair[];
    queryString: HarPair[];
    postData?: { mimeType: string; text: string };
    headersSize: -1;
    bodySize: number;
  };
  response: {
    status: number;
    statusText: string;
    httpVersion: string;
    cookies: HarPair[];
    headers: HarPair[];
    content: { size: number; mimeType: string; text?: string };
    redirectURL: string;
    headersSize: -1;
    bodySize: -1;
  };
  cache: Record<string, never>;
  timings: { blocked: number; send: number; wait: number; receive: number };
  /** The provider instance whose client made the call. */
  _instance: string;
  /** The query as the app wrote it, when a query builder made the call. */
  _query?: string;
  _attempts: Array<{ attempt: number; status: number; durationMs: number }>;
  _retries: Array<{ reason: number | string; delayMs: number }>;
  _redirects: Array<{ from: string; to: string; status: number; sessionDropped: boolean }>;
}

/**
 * An HTTP Archive 1.2 document.
 *
 * @example
 * const count = (har: Har) => har.log.entries.length;
 */
export interface Har {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
  };
}

const pairs = (record: Readonly<Record<string, string>>): HarPair[] =>
  Object.entries(record).map(([name, value]) => ({ name, value }));

function queryOf(url: string): HarPair[] {
  try {
    return [...new URL(url).searchParams].map(([name, value]) => ({ name, value }));
  } catch {
    return [];
  }
}

function entryOf(call: RecordedCall): HarEntry | undefined {
  const { request, response } = call;
  if (!request) return undefined;
  const answer = response?.response;
  const headers: Record<string, string> = {};
  answer?.headers?.forEach((value, name) => {
    headers[name] = value;
  });
  const body = answer && (answer.data !== undefined ? answer.data : { error: answer.error });
  const text = body === undefined ? undefined : JSON.stringify(body);
  const last = call.attempts.at(-1);
  const time = response?.durationMs ?? call.attempts.reduce((sum, a) => sum + a.durationMs, 0);
  const wait = last?.durationMs ?? 0;
  const sent = request.body?.value;
  return {
    startedDateTime: new Date(call.startedAt).toISOString(),
    time,
    request: {
      method: request.method,
      url: request.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(request.headers),
      queryString: queryOf(request.url),
      ...(sent !== undefined && {
        postData: { mimeType: 'application/json', text: JSON.stringify(sent) },
      }),
      headersSize: -1,
      bodySize: request.body?.bytes ?? (request.body ? -1 : 0),
    },
    response: {
      status: answer?.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(headers),
      content: {
        size: text?.length ?? 0,
        mimeType: headers['content-type'] ?? 'application/json',
        ...(text !== undefined && { text }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: -1,
    },
    cache: {},
    // Before the last attempt: the earlier attempts and the waits between them.
    timings: { blocked: Math.max(0, time - wait), send: 0, wait, receive: 0 },
    _instance: call.instance,
    ...(request.query !== undefined && { _query: request.query }),
    _attempts: call.attempts.map(({ attempt, status, durationMs }) => ({
      attempt,
      status,
      durationMs,
    })),
    _retries: call.retries.map(({ reason, delayMs }) => ({ reason, delayMs })),
    _redirects: call.redirects.map(({ from, to, status, sessionDropped }) => ({
      from,
      to,
      status,
      sessionDropped,
    })),
  };
}

/**
 * The recorded calls as an HTTP Archive 1.2, oldest first; a call whose request was not
 * recorded is left out.
 *
 * @example
 * const har = toHar(recorder.getState().calls);
 * const file = new Blob([JSON.stringify(har, null, 2)], { type: 'application/json' });
 */
export function toHar(calls: readonly RecordedCall[]): Har {
  const entries: HarEntry[] = [];
  for (const call of calls) {
    const entry = entryOf(call);
    if (entry) entries.push(entry);
  }
  return {
    log: { version: '1.2', creator: { name: '@bridgekit/devtools', version: '0.1.0' }, entries },
  };
}

/**
 * How the panel writes times, durations and values, on the web and on a device alike.
 */
import type { RecordedCall } from './record/recorderState';

/**
 * A duration for people: `850 ms`, `1.2 s`, `3 min 5 s`.
 *
 * @example
 * duration(1234); // '1.2 s'
 */
export function duration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  if (minutes < 60) return `${minutes} min ${seconds} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/**
 * The time of day of a timestamp, to the millisecond: `14:03:27.512`.
 *
 * @example
 * clock(Date.now());
 */
export function clock(time: number): string {
  const date = new Date(time);
  const two = (n: number) => String(n).padStart(2, '0');
  const ms = String(date.getMilliseconds()).padStart(3, '0');
  return `${two(date.getHours())}:${two(date.getMinutes())}:${two(date.getSeconds())}.${ms}`;
}

// A body longer than this is cut where the panel shows it (exports keep it whole).
const MAX_SHOWN = 20_000;

/**
 * A value as indented JSON, cut after a length a panel can show.
 *
 * @example
 * pretty({ id: 7 }); // '{\n  "id": 7\n}'
 */
export function pretty(value: unknown): string {
  let text: string;
  try {
    text = typeof value === 'string' ? value : (JSON.stringify(value, null, 2) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > MAX_SHOWN ? `${text.slice(0, MAX_SHOWN)}\n… (cut)` : text;
}

/**
 * A URL without its origin (`/api/products?limit=5`), for lists; the URL as is when it is none.
 *
 * @example
 * pathOf('https://api.example.com/api/products?limit=5'); // '/api/products?limit=5'
 */
export function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.pathname}${parsed.search}`;
  } catch {
    return url;
  }
}

/**
 * A call in a few words: its method, path, status (`…` while in flight) and time.
 *
 * @example
 * summary(call); // 'GET /api/products 200 · 45 ms · 2 attempts'
 */
export function summary(call: RecordedCall): string {
  const { request, response, attempts } = call;
  const what = request ? `${request.method} ${pathOf(request.url)}` : `call ${call.callId}`;
  const status = response ? String(response.response.status) : '…';
  const time = response ? ` · ${duration(response.durationMs)}` : '';
  const tries = attempts.length > 1 ? ` · ${attempts.length} attempts` : '';
  return `${what} ${status}${time}${tries}`;
}

/**
 * When a call ended (its answer, else its last event), for the waterfall.
 *
 * @example
 * const width = endOf(call) - call.startedAt;
 */
export function endOf(call: RecordedCall): number {
  if (call.response) return call.response.time;
  const last = call.attempts.at(-1);
  return last ? last.time : call.startedAt;
}

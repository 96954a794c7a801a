/**
 * What the offline queue reports on its client's stream (`client.observe`, docs/guide/requests.md,
 * "Modules report on the same stream"): a write kept (`queued`), sent again (`sent`), applied by
 * the server (`applied`), put in a list for the user (`parked`: failed, unknown, expired) or
 * refused because the record changed (`conflict`). An event names the write by its key, method
 * and URL, never by its body or headers; nothing is built while nobody listens.
 */
import { isObserved, reportEvent } from '../client/events';
import type { QueueEvent } from '../contract/events';
import type { QueueContext } from './queueContext';
import type { NewWrite } from './writeStore';

/** What an event adds to the write it is about. */
export type WriteReport = Pick<QueueEvent, 'attempts' | 'status' | 'reason'>;

/**
 * Reports `kind` for `write` when someone listens to the queue's client. A parked write's
 * `reason` starts with its list (`failed: …`, `unknown: …`, `expired: …`).
 *
 * @example
 * reportWrite(context, 'applied', write, { attempts: 1, status: 201 });
 */
export function reportWrite(
  { client, settings }: QueueContext,
  kind: QueueEvent['kind'],
  write: Pick<NewWrite, 'key' | 'method' | 'endpoint'>,
  report: WriteReport = {},
): void {
  if (!isObserved(client)) return;
  const { key, method, endpoint } = write;
  // Kept relative to the base URL, reported as it goes out.
  const url = /^https?:\/\//i.test(endpoint) ? endpoint : settings.base + endpoint;
  reportEvent(client, { type: 'queue', kind, key, method, url, ...report });
}

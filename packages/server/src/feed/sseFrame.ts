/** One Server-Sent Event: its type (none: a `message`), its id, and its data as JSON. */
export interface SseEvent {
  event?: string;
  id?: string;
  data: unknown;
}

/**
 * One event in the `text/event-stream` format: `event:`, `id:` and one `data:` line of JSON
 * (JSON text has no line breaks), then a blank line. Names and ids are the server's own, never
 * a line break in them.
 *
 * @example
 * sseFrame({ event: 'reset', id: 'x.3', data: { reason: 'expired' } });
 * // 'event: reset\nid: x.3\ndata: {"reason":"expired"}\n\n'
 */
export function sseFrame({ event, id, data }: SseEvent): string {
  const type = event === undefined ? '' : `event: ${event}\n`;
  const place = id === undefined ? '' : `id: ${id}\n`;
  return `${type}${place}data: ${JSON.stringify(data)}\n\n`;
}

/** The heartbeat: a comment line, which `EventSource` ignores and proxies see as traffic. */
export const HEARTBEAT = ': ping\n\n';

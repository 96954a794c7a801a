import { FAILURE, type Json, json, object, ref, text } from './jsonSchema';

/**
 * The `data` of one change event of `GET /events`, as a JSON Schema (`components.schemas`):
 * `record` is a row of `resource`, absent for a deletion.
 *
 * @example
 * openApiDocument(...).components.schemas.ChangeEvent;
 */
export const CHANGE_EVENT_SCHEMA: Json = object(
  {
    resource: { ...text, description: 'The entity, as in its path (`products`)' },
    id: { ...text, description: "The record's id" },
    type: { type: 'string', enum: ['created', 'updated', 'deleted'] },
    version: {
      ...text,
      description:
        "The record's `ETag` after the change, quotes included (for a deletion, the one it had)",
    },
    record: {
      type: 'object',
      required: ['id'],
      additionalProperties: true,
      description: 'The record as `GET /<resource>/<id>` answers it; absent for a deletion',
    },
  },
  ['resource', 'id', 'type', 'version'],
);

const query = (name: string, description: string): Json => ({
  name,
  in: 'query',
  required: false,
  schema: text,
  description,
});

/**
 * The path of the change feed (routes/eventsRoute): Server-Sent Events, its parameters and
 * its refusals.
 *
 * @example
 * eventsPath()['/events'].get.operationId; // 'changeFeed'
 */
export function eventsPath(): Record<string, Json> {
  return {
    '/events': {
      get: {
        tags: ['events'],
        operationId: 'changeFeed',
        summary: 'The change feed: every committed write, as Server-Sent Events',
        description:
          'A `text/event-stream` that stays open. Change events have no `event:` field (`message` to `EventSource`), an `id:` and one `data:` line holding a `ChangeEvent` (JSON), once per committed create, update and delete of a resource the session may read. `event: ready` (data `{ resources }`, the resources this feed carries) follows the connection and any resumed events; `event: reset` (data `{ reason }`: `expired`, `unknown` or `too-many`) says that events since `Last-Event-ID` are no longer kept: refetch; `event: end` (data `{ reason }`: `session-ended` or `shutdown`) comes last before the server ends the feed. A comment line `: ping` is sent at every heartbeat.',
        parameters: [
          query(
            'resources',
            'Comma-separated resources to hear of (`products,tasks`); default: every resource the user may read. An unknown one is a 400, one the user may not read a 403.',
          ),
          query(
            'lastEventId',
            'Resume after this event id, for clients that cannot send the `Last-Event-ID` header (the header wins).',
          ),
          {
            name: 'Last-Event-ID',
            in: 'header',
            required: false,
            schema: text,
            description:
              'Resume after this event id (what `EventSource` sends when it reconnects): the missed events the session may read are sent first, or one `reset` when they are no longer kept.',
          },
        ],
        responses: {
          200: {
            description:
              'The feed, open until the session ends, the client leaves or the server stops',
            content: { 'text/event-stream': { schema: { type: 'string' } } },
          },
          429: {
            ...json(
              ref('Failure'),
              'The user holds as many open feeds as allowed (`changeFeed.maxFeedsPerUser`): `Retry-After` says when to try again',
            ),
            headers: { 'Retry-After': { schema: { type: 'integer', minimum: 1 } } },
          },
          ...FAILURE,
        },
      },
    },
  };
}

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, start } from './helpers';

let running: Running;
let session: string;
beforeAll(async () => {
  running = await start();
  session = (await (await running.signIn('admin')).getSessionId()) as string;
});
afterAll(() => running.stop());

const keys = fc.oneof(
  fc.string(),
  fc.constantFrom(
    'price[gte]',
    'name[like]',
    'sort',
    'page',
    'limit',
    'offset',
    'q',
    'dueDate[between]',
    'priority[in]',
    'a[b]',
    '__proto__',
    'constructor[eq]',
    'price[__proto__]',
    'active[null]',
  ),
);

describe('client mistakes never produce a 500', () => {
  it('random query strings and bodies on every verb get a 2xx or 4xx envelope', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('products', 'tasks', 'users', 'nothing'),
        fc.array(fc.tuple(keys, fc.string()), { maxLength: 4 }),
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
        fc.oneof(fc.json(), fc.string()),
        async (entity, pairs, method, body) => {
          const qs = pairs
            .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
            .join('&');
          const path = method === 'GET' || method === 'POST' ? `/${entity}` : `/${entity}/2`;
          const res = await fetch(`${running.url}${path}?${qs}`, {
            method,
            headers: { 'x-session-id': session, 'content-type': 'application/json' },
            ...(method === 'GET' || method === 'DELETE' ? {} : { body }),
          });
          const envelope = (await res.json()) as { success?: unknown };
          if (res.status >= 500 || typeof envelope.success !== 'boolean') {
            failures.push(`${method} ${path}?${qs} ${body} -> ${res.status}`);
          }
        },
      ),
      { numRuns: 300, seed: 4242 },
    );
    expect(failures).toEqual([]);
  });
});

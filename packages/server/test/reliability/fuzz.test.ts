/**
 * Fuzzed query strings, bodies and headers never produce a 500: every answer is a 2xx/4xx
 * with a `{ success }` envelope, and the server keeps serving afterwards.
 */
import { OPERATOR_NAMES } from '@bridgekit/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, start } from '../helpers';

let running: Running;
let admin: string;
let viewer: string;
beforeAll(async () => {
  running = await start();
  admin = (await (await running.signIn('admin')).getSessionId()) as string;
  viewer = (await (await running.signIn('viewer')).getSessionId()) as string;
});
afterAll(() => running.stop());

// Every operator the client can send, plus names the server must refuse with a 400.
const OPERATORS = [...OPERATOR_NAMES, 'unknownOp', '', 'GTE', '__proto__', 'constructor'];
const FIELDS = {
  products: ['id', 'name', 'price', 'category', 'stock', 'active', 'createdAt'],
  tasks: ['id', 'title', 'status', 'priority', 'assignee', 'dueDate'],
  users: ['id', 'email', 'userName', 'userType', 'passwordHash'],
};
type Entity = keyof typeof FIELDS;

/** Values that a coercion might choke on. */
const value = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.constantFrom(
    '',
    'NaN',
    'Infinity',
    '-Infinity',
    '1e309',
    '-0',
    '0x10',
    '1,2,3',
    ',',
    '1,',
    '5,1',
    'a,b',
    'true',
    'false',
    'null',
    '2024-01-01',
    '2024-13-45',
    'not a date',
    '%',
    '_',
    '%%',
    '\\',
    '[',
    ']',
    '[]',
    '{}',
    '__proto__',
    '9'.repeat(400),
    'x'.repeat(5000),
  ),
);

const sortValue = fc.oneof(
  value,
  fc
    .array(
      fc.tuple(
        fc.constantFrom('name', 'price', 'nope', '', 'id'),
        fc.constantFrom('asc', 'desc', 'up', ''),
      ),
      { maxLength: 4 },
    )
    .map((parts) => parts.map(([f, d]) => (d ? `${f}:${d}` : f)).join(',')),
);

/** One `key=value` pair of a list query. */
function pair(entity: Entity) {
  const field = fc.oneof(fc.constantFrom(...FIELDS[entity]), fc.string({ maxLength: 12 }));
  return fc.oneof(
    fc.tuple(field, fc.constantFrom(...OPERATORS), value).map(([f, op, v]) => [`${f}[${op}]`, v]),
    fc.tuple(field, value).map(([f, v]) => [f, v]),
    fc.tuple(fc.constantFrom('page', 'limit', 'offset', 'q'), value),
    fc.tuple(fc.constant('sort'), sortValue),
    fc.tuple(fc.string(), fc.string()),
    // Malformed brackets and repeated keys.
    fc.tuple(
      fc.constantFrom(
        'price[',
        'price]',
        'price[gte',
        'price[gte][lt]',
        '[gte]',
        'price[]',
        'a[b][c]',
      ),
      value,
    ),
  ) as fc.Arbitrary<[string, string]>;
}

interface Answer {
  status: number;
  envelope: { success?: unknown } | undefined;
}

async function send(path: string, init: RequestInit): Promise<Answer> {
  const res = await fetch(`${running.url}${path}`, init);
  const text = await res.text();
  let envelope: Answer['envelope'];
  try {
    envelope = JSON.parse(text);
  } catch {
    envelope = undefined;
  }
  return { status: res.status, envelope };
}

function record(failures: string[], what: string, answer: Answer): void {
  if (answer.status >= 500 || typeof answer.envelope?.success !== 'boolean') {
    failures.push(`${what} -> ${answer.status} ${JSON.stringify(answer.envelope)?.slice(0, 200)}`);
  }
}

describe('fuzzed list queries', () => {
  it.each(Object.keys(FIELDS) as Entity[])(
    '%s: operators × fields × values, sort and pagination never give a 500',
    async (entity) => {
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          fc.array(pair(entity), { minLength: 1, maxLength: 6 }),
          fc.constantFrom('', '/search'),
          fc.constantFrom(admin, viewer, 'bogus-session'),
          async (pairs, suffix, session) => {
            const qs = pairs
              .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
              .join('&');
            const answer = await send(`/${entity}${suffix}?${qs}`, {
              headers: { 'x-session-id': session },
            });
            record(failures, `GET /${entity}${suffix}?${qs}`, answer);
          },
        ),
        { numRuns: 400, seed: 20_240_601 },
      );
      expect(failures).toEqual([]);
    },
  );

  it('raw, undecoded query strings (bad percent escapes, lone brackets) never give a 500', async () => {
    const failures: string[] = [];
    const raw = fc.array(
      fc.constantFrom(
        '%',
        '%zz',
        '%E0%A4%A',
        '&',
        '=',
        '[',
        ']',
        '+',
        'a',
        'price',
        'gte',
        '?',
        '#',
      ),
      { maxLength: 20 },
    );
    await fc.assert(
      fc.asyncProperty(raw, fc.constantFrom('products', 'tasks'), async (parts, entity) => {
        const qs = parts.join('');
        const answer = await send(`/${entity}?${qs}`, { headers: { 'x-session-id': admin } });
        record(failures, `GET /${entity}?${qs}`, answer);
      }),
      { numRuns: 300, seed: 77 },
    );
    expect(failures).toEqual([]);
  });
});

describe('fuzzed bodies', () => {
  const productish = fc.record(
    {
      name: fc.oneof(fc.string(), fc.anything()),
      price: fc.oneof(fc.double(), fc.integer(), fc.string(), fc.anything()),
      category: fc.anything(),
      stock: fc.oneof(fc.integer(), fc.double(), fc.string()),
      active: fc.anything(),
      createdAt: fc.oneof(
        fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
        fc.string(),
      ),
      id: fc.anything(),
      extra: fc.anything(),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    productish.map((o) => JSON.stringify(o)),
    fc.jsonValue().map((v) => JSON.stringify(v)),
    fc.string(),
    fc.constantFrom(
      '',
      '{',
      '{"name":',
      'null',
      '[]',
      '"text"',
      '{"__proto__":{"admin":true},"name":"x","price":1}',
      '{"constructor":{"prototype":{"polluted":1}},"name":"x","price":1}',
      `{"name":"${'n'.repeat(2 * 1024 * 1024)}","price":1}`,
      `${'['.repeat(5000)}${']'.repeat(5000)}`,
    ),
  );

  it.each(['POST', 'PUT', 'PATCH'] as const)(
    '%s with fuzzed bodies and content types never gives a 500',
    async (method) => {
      const failures: string[] = [];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom('products', 'tasks', 'users', 'nothing'),
          body,
          fc.constantFrom(
            'application/json',
            'application/json; charset=utf-8',
            'text/plain',
            'application/x-www-form-urlencoded',
            'multipart/form-data; boundary=x',
            'application/octet-stream',
          ),
          fc.constantFrom(admin, viewer),
          async (entity, text, type, session) => {
            const path = method === 'POST' ? `/${entity}` : `/${entity}/${1 + (text.length % 5)}`;
            const answer = await send(path, {
              method,
              headers: { 'content-type': type, 'x-session-id': session },
              body: text,
            });
            record(failures, `${method} ${path} [${type}] ${text.slice(0, 120)}`, answer);
          },
        ),
        { numRuns: 250, seed: 31_337 },
      );
      expect(failures).toEqual([]);
    },
  );

  it('auth endpoints with fuzzed credentials never give a 500', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc
            .record(
              { email: fc.anything(), userName: fc.anything(), password: fc.anything() },
              { requiredKeys: [] },
            )
            .map((o) => JSON.stringify(o)),
          fc.string(),
        ),
        fc.constantFrom('/auth/login', '/auth/logout', '/auth/validation', '/auth/me'),
        fc.oneof(fc.constant(undefined), fc.string(), fc.constant('x'.repeat(10_000))),
        async (text, path, session) => {
          const headers: Record<string, string> = { 'content-type': 'application/json' };
          if (session !== undefined && /^[\x20-\x7e]*$/.test(session))
            headers['x-session-id'] = session;
          const isGet = path === '/auth/validation' || path === '/auth/me';
          const answer = await send(path, {
            method: isGet ? 'GET' : 'POST',
            headers,
            ...(isGet ? {} : { body: text }),
          });
          record(failures, `${path} ${text.slice(0, 120)}`, answer);
        },
      ),
      { numRuns: 300, seed: 4 },
    );
    expect(failures).toEqual([]);
  });

  it('no prototype pollution and the server still serves after the fuzzing', async () => {
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const health = await send('/health', {});
    expect(health).toMatchObject({ status: 200, envelope: { success: true } });
    const list = await send('/products?limit=1', { headers: { 'x-session-id': admin } });
    expect(list.status).toBe(200);
  });
});

/**
 * Fuzzed query strings, ids, headers and bodies never produce a 500 nor hang: every answer is
 * a 2xx/4xx with a `{ success }` envelope within a bound, the server keeps serving afterwards,
 * and with a data file the file stays valid JSON holding exactly the server's data.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

// A request that gets no answer within this bound counts as a hang (a failure, not a timing
// assertion: the bound is far above any answer's cost).
const HANG_MS = 10_000;

async function send(path: string, init: RequestInit, base = running.url): Promise<Answer> {
  let res: Response;
  try {
    res = await fetch(`${base}${path}`, { ...init, signal: AbortSignal.timeout(HANG_MS) });
  } catch (error) {
    return { status: 0, envelope: { success: `no answer: ${(error as Error).name}` } };
  }
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
          // Half with an Idempotency-Key: the key's fingerprint reads the whole body.
          fc.boolean(),
          async (entity, text, type, session, keyed) => {
            const path = method === 'POST' ? `/${entity}` : `/${entity}/${1 + (text.length % 5)}`;
            const key: Record<string, string> = keyed
              ? { 'idempotency-key': crypto.randomUUID() }
              : {};
            const answer = await send(path, {
              method,
              headers: { 'content-type': type, 'x-session-id': session, ...key },
              body: text,
            });
            record(
              failures,
              `${method} ${path} [${type}] keyed=${keyed} ${text.slice(0, 120)}`,
              answer,
            );
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

describe('deeply nested bodies', () => {
  // `{"a":{"a":…1}}` and `[[…]]`: a few kilobytes that nest thousands of levels deep, past
  // where a recursive walk of the body (the Idempotency-Key fingerprint) overflows the stack.
  const nested = (depth: number, kind: 'object' | 'array') =>
    kind === 'object'
      ? `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
      : `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  const cases = [2_238, 5_000, 100_000].flatMap((depth) =>
    (['object', 'array'] as const).flatMap((kind) =>
      [false, true].map((keyed) => ({ depth, kind, keyed })),
    ),
  );

  it.each(['POST', 'PUT', 'PATCH'] as const)(
    '%s: a 400 with a JSON error at any depth, with or without an Idempotency-Key',
    async (method) => {
      const path = method === 'POST' ? '/products' : '/products/1';
      for (const { depth, kind, keyed } of cases) {
        const headers: Record<string, string> = {
          'content-type': 'application/json',
          'x-session-id': admin,
          ...(keyed ? { 'idempotency-key': crypto.randomUUID() } : {}),
        };
        const answer = await send(path, { method, headers, body: nested(depth, kind) });
        expect(answer.status, `${kind} ${depth} keyed=${keyed}`).toBe(400);
        expect(answer.envelope).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      }
    },
  );

  it('a body nested up to the limit is read (and refused for its fields, not its depth)', async () => {
    for (const keyed of [false, true]) {
      const answer = await send('/products', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-session-id': admin,
          ...(keyed ? { 'idempotency-key': crypto.randomUUID() } : {}),
        },
        body: JSON.stringify({ name: 'x', price: 1, extra: JSON.parse(nested(63, 'array')) }),
      });
      expect(answer.status).toBe(422);
      expect(answer.envelope).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
    }
  });

  it('brackets inside strings do not count as depth', async () => {
    const answer = await send('/products', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': admin },
      body: JSON.stringify({ name: `${'[{'.repeat(5_000)}"`, price: 1 }),
    });
    expect(answer.status).toBe(201);
  });
});

describe('fuzzed ids, headers and bodies against a server persisting to a data file', () => {
  let persisted: Running;
  let dir: string;
  let file: string;
  let session: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bridgekit-fuzz-'));
    file = join(dir, 'data.json');
    persisted = await start({ dataFile: file, cors: { origins: ['http://localhost:5173'] } });
    session = (await (await persisted.signIn('admin')).getSessionId()) as string;
  });
  afterAll(async () => {
    await persisted.stop();
    await rm(dir, { recursive: true, force: true });
  });

  const id = fc.oneof(
    // Mostly ids that exist, so that many writes succeed and reach the file.
    { arbitrary: fc.integer({ min: 1, max: 200 }).map(String), weight: 4 },
    fc.string({ maxLength: 20 }),
    fc.string({ unit: 'binary', maxLength: 20 }),
    fc.integer({ min: -5, max: 400 }).map(String),
    fc.constantFrom(
      '.',
      '..',
      'a/b',
      '../../etc/passwd',
      'a\\b',
      'a\u0000b',
      '%',
      '%2F',
      ' ',
      '__proto__',
    ),
  );
  // Header values undici will send: printable ASCII; names the fetch spec lets a caller set.
  const printable = fc.string({ maxLength: 40 }).filter((v) => /^[\x20-\x7e]*$/.test(v));
  const headerValue = (constants: string[]) => fc.oneof(printable, fc.constantFrom(...constants));
  const headers = fc.record(
    {
      origin: headerValue(['http://localhost:5173', 'https://evil.test', 'null', '']),
      'sec-fetch-site': headerValue(['same-origin', 'same-site', 'cross-site', 'none']),
      cookie: headerValue(['session_id=', 'session_id=x; a=b', '=;;=', 'session_id=%zz']),
      'x-session-id': headerValue(['', 'bogus']),
      accept: headerValue(['text/html', '*/*', 'application/json']),
      // Other content types are fuzzed above; here bodies should mostly be read.
      'content-type': fc.constantFrom('application/json; charset=utf-8', 'application/vnd.x+json'),
      'x-forwarded-for': headerValue(['1.2.3.4', '::1, 10.0.0.1']),
      referer: headerValue(['https://evil.test/', 'http://localhost:5173/']),
      authorization: headerValue(['Bearer x', 'Basic Og==']),
    },
    { requiredKeys: [] },
  );
  const body = fc.oneof(
    fc.constant(undefined),
    // Valid products and tasks, so that many writes succeed and reach the file.
    {
      arbitrary: fc
        .record({ name: fc.string({ minLength: 1 }), price: fc.integer({ min: 0, max: 1000 }) })
        .map((o) => JSON.stringify(o)),
      weight: 3,
    },
    {
      arbitrary: fc
        .record({ title: fc.string({ minLength: 1 }), status: fc.constantFrom('todo', 'done') })
        .map((o) => JSON.stringify(o)),
      weight: 3,
    },
    fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)),
    fc
      .record(
        {
          id,
          name: fc.oneof(fc.string(), fc.anything()),
          price: fc.oneof(fc.double(), fc.integer({ min: 0, max: 1000 })),
          title: fc.string(),
          status: fc.constantFrom('todo', 'doing', 'done', 'nope'),
          password: fc.oneof(fc.string(), fc.integer()),
          userType: fc.constantFrom('admin', 'viewer', 'x'),
          email: fc.string(),
        },
        { requiredKeys: [] },
      )
      .map((o) => JSON.stringify(o)),
    fc.string(),
  );

  it('never a 5xx, never a hang, for any method, id, header set and body', async () => {
    const failures: string[] = [];
    let writes = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD'),
        fc.constantFrom('products', 'tasks', 'products', 'tasks', 'users', 'auth', 'nothing'),
        id,
        headers,
        body,
        fc.oneof({ arbitrary: fc.constant(true), weight: 3 }, fc.constant(false)),
        async (method, entity, recordId, sent, text, withAdmin) => {
          const path =
            method === 'POST' ? `/${entity}` : `/${entity}/${encodeURIComponent(recordId)}`;
          const all: Record<string, string> = { 'content-type': 'application/json', ...sent };
          // Half the requests act as the admin, so writes really happen and reach the file.
          if (withAdmin) all['x-session-id'] = session;
          const withBody = text !== undefined && method !== 'GET' && method !== 'HEAD';
          const answer = await send(
            path,
            { method, headers: all, ...(withBody ? { body: text } : {}) },
            persisted.url,
          );
          if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method) && answer.status < 300) writes++;
          const bodyless = method === 'HEAD' || answer.status === 204;
          if (
            answer.status >= 500 ||
            answer.status === 0 ||
            (!bodyless && typeof answer.envelope?.success !== 'boolean')
          ) {
            failures.push(
              `${method} ${path} ${JSON.stringify(all)} ${String(text).slice(0, 80)} -> ${answer.status} ${JSON.stringify(answer.envelope)?.slice(0, 200)}`,
            );
          }
        },
      ),
      { numRuns: 400, seed: 1_515 },
    );
    expect(failures).toEqual([]);
    // The run must have changed data, or the data-file check below would prove little.
    expect(writes).toBeGreaterThan(10);
  });

  it('the data file is valid JSON holding exactly what the server holds', async () => {
    await persisted.server.flush();
    const saved = JSON.parse(await readFile(file, 'utf8'));
    expect(saved).toEqual(JSON.parse(JSON.stringify(persisted.server.snapshot())));
    expect(Object.keys(saved.entities)).toEqual(expect.arrayContaining(['products', 'users']));
    const health = await send('/health', {}, persisted.url);
    expect(health).toMatchObject({ status: 200, envelope: { success: true } });
  });
});

/**
 * The client-level parts of a dialect (core README, "Backends"): its transport part (how the
 * session travels, what an error body means, whether bodies are envelopes) and the response
 * surface dialects read (headers, meta normalized after interceptors).
 */
import { bracketSerializer, createClient, type Dialect } from '@bridgekit/core';
import { dialectTransport, djangoRest, strapi } from '@bridgekit/core/dialects';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const bearer: Dialect = {
  name: 'bearer-api',
  transport: dialectTransport({ session: { header: 'Authorization', scheme: 'Bearer' } }),
};

describe('session part', () => {
  it('sends the session with the dialect header and scheme', async () => {
    await createClient(server.url, { dialect: bearer, sessionId: 'tok' }).get('/a');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer tok');
    expect(server.requests[0]!.headers['x-session-id']).toBeUndefined();
  });

  it('an explicit sessionHeader wins, without the scheme', async () => {
    await createClient(server.url, {
      dialect: bearer,
      sessionId: 'tok',
      sessionHeader: 'X-Token',
    }).get('/a');
    expect(server.requests[0]!.headers['x-token']).toBe('tok');
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('a 401 to a request that carried the scheme session is a session rejection', async () => {
    server.reply({ status: 401, json: { message: 'expired' } });
    const api = createClient(server.url, { dialect: bearer, sessionId: 'tok' });
    const seen: number[] = [];
    api.onSessionRejected((res) => seen.push(res.status));
    await api.get('/a');
    expect(seen).toEqual([401]);
  });

  it("the request's own header of the dialect's name wins over the session", async () => {
    const api = createClient(server.url, { dialect: bearer, sessionId: 'tok' });
    const seen: number[] = [];
    api.onSessionRejected((res) => seen.push(res.status));
    server.reply({ status: 401, json: {} });
    await api.get('/a', { headers: { Authorization: 'Basic dTpw' } });
    expect(server.requests[0]!.headers.authorization).toBe('Basic dTpw');
    expect(server.requests[0]!.headers['x-session-id']).toBeUndefined();
    // The session did not go out: its 401 is not the session's.
    expect(seen).toEqual([]);
  });

  it("the session replaces a default header of the dialect's name (a Supabase anon key until sign-in)", async () => {
    const api = createClient(server.url, {
      dialect: bearer,
      headers: { apikey: 'anon', authorization: 'Bearer anon' },
    });
    await api.get('/a');
    api.setSessionId('user-jwt');
    await api.get('/b');
    expect(server.requests[0]!.headers.authorization).toBe('Bearer anon');
    expect(server.requests[1]!.headers.authorization).toBe('Bearer user-jwt');
    expect(server.requests[1]!.headers.apikey).toBe('anon');
    expect(server.requests[1]!.headers['x-session-id']).toBeUndefined();
  });

  it('includeSession: false sends no session under any header', async () => {
    await createClient(server.url, { dialect: bearer, sessionId: 'tok' }).get('/a', {
      includeSession: false,
    });
    expect(server.requests[0]!.headers.authorization).toBeUndefined();
    expect(server.requests[0]!.headers['x-session-id']).toBeUndefined();
  });

  it('the renamed session header does not follow a redirect to another origin', async () => {
    const other = await startTestServer({ json: { landed: true } });
    try {
      const apiKey: Dialect = {
        name: 'api-key',
        transport: dialectTransport({ session: { header: 'X-Api-Token' } }),
      };
      server.reply({ status: 307, redirect: `${other.url}/landing` });
      const api = createClient(server.url, { dialect: apiKey, sessionId: 'tok' });
      expect(await api.get('/start')).toMatchObject({ success: true, data: { landed: true } });
      expect(server.requests[0]!.headers['x-api-token']).toBe('tok');
      expect(other.requests[0]!.headers['x-api-token']).toBeUndefined();
    } finally {
      await other.close();
    }
  });
});

describe('a dialect written for the old contract', () => {
  it('session or errors at the top level throw a TypeError naming the part', () => {
    expect(() =>
      createClient(server.url, {
        dialect: { name: 'old', session: { header: 'Authorization' } } as Dialect,
      }),
    ).toThrow(/config\.dialect\.session .*transport: dialectTransport/);
    expect(() =>
      createClient(server.url, { dialect: { name: 'old', errors: () => undefined } as Dialect }),
    ).toThrow(/config\.dialect\.errors .*transport: dialectTransport/);
  });

  it('a transport that is not a function, or parts of the wrong type, throw naming them', () => {
    expect(() =>
      createClient(server.url, { dialect: { name: 'x', transport: {} as never } }),
    ).toThrow(/config\.dialect\.transport must be a function/);
    expect(() => dialectTransport({ session: 'Authorization' as never })).toThrow(
      new TypeError('parts.session.header must be a header name'),
    );
    expect(() => dialectTransport({ errors: {} as never })).toThrow(
      new TypeError('parts.errors must be a function'),
    );
  });

  it('envelope: false without a transport throws: nothing would turn envelopes off', () => {
    expect(() => createClient(server.url, { dialect: { name: 'plain', envelope: false } })).toThrow(
      /config\.dialect\.envelope must be handled by transport: dialectTransport\(\{ envelope \}\)/,
    );
  });
});

describe('errors part', () => {
  const drfLike: Dialect = {
    name: 'fields-at-top',
    envelope: false,
    transport: dialectTransport({
      envelope: false,
      errors: (body) =>
        typeof body === 'object' && body !== null && 'detail' in body
          ? { error: String((body as { detail: unknown }).detail), code: 'DETAIL' }
          : {
              errors: Object.fromEntries(
                Object.entries(body as object).map(([k, v]) => [k, String(v)]),
              ),
            },
    }),
  };

  it('maps a failure body to error, code and errors', async () => {
    server.replies(
      { status: 404, json: { detail: 'Not found.' } },
      { status: 400, json: { name: ['required'] } },
    );
    const api = createClient(server.url, { dialect: drfLike });
    expect(await api.get('/a')).toMatchObject({
      success: false,
      status: 404,
      error: 'Not found.',
      code: 'DETAIL',
    });
    const invalid = await api.post('/a', {});
    expect(invalid).toMatchObject({ success: false, status: 400, errors: { name: 'required' } });
    expect(invalid.error).toBe('HTTP 400 Bad Request');
  });

  it('the mapping reads the status and headers; an empty error or an absent field keeps the default', async () => {
    server.reply({ status: 422, json: { field: 'x' }, headers: { 'X-Request-Id': 'r-7' } });
    const seen: unknown[] = [];
    const res = await createClient(server.url, {
      dialect: {
        name: 'ctx',
        transport: dialectTransport({
          errors: (_body, { status, headers }) => {
            seen.push(status, headers.get('x-request-id'));
            return { error: '', code: 'INVALID', errors: undefined };
          },
        }),
      },
    }).get('/a');
    expect(seen).toEqual([422, 'r-7']);
    expect(res).toMatchObject({ success: false, status: 422, code: 'INVALID' });
    expect(res.error).toBe('HTTP 422 Unprocessable Entity');
    expect(res.errors).toBeUndefined();
  });

  it('a throwing mapping keeps the default fields and the server status', async () => {
    server.reply({ status: 409, json: { message: 'conflict' } });
    const res = await createClient(server.url, {
      dialect: {
        name: 'broken',
        transport: dialectTransport({
          errors: () => {
            throw new Error('bug');
          },
        }),
      },
    }).get('/a');
    expect(res).toMatchObject({ success: false, status: 409, error: 'conflict' });
  });

  it('response interceptors, onResponse and use() middlewares see the mapped fields', async () => {
    const body = {
      data: null,
      error: {
        status: 400,
        name: 'ValidationError',
        message: 'Invalid data',
        details: { errors: [{ path: ['name'], message: 'name is required' }] },
      },
    };
    server.reply({ status: 400, json: body });
    const seen: unknown[] = [];
    const pick = (r: { error?: string; code?: string; errors?: unknown }) => ({
      error: r.error,
      code: r.code,
      errors: r.errors,
    });
    const api = createClient(server.url, {
      dialect: strapi(),
      onResponse: (r) => void seen.push(['onResponse', pick(r)]),
    });
    api.addResponseInterceptor((r) => {
      seen.push(['interceptor', pick(r)]);
      return r;
    });
    api.use(async (request, next) => {
      const r = await next(request);
      seen.push(['use', pick(r)]);
      return r;
    });
    const res = await api.post('/products', { data: {} });
    const mapped = {
      error: 'Invalid data',
      code: 'ValidationError',
      errors: { name: 'name is required' },
    };
    expect(pick(res)).toEqual(mapped);
    expect(res.data).toEqual(body);
    expect(seen).toEqual([
      ['use', mapped],
      ['interceptor', mapped],
      ['onResponse', mapped],
    ]);
  });

  it('a DRF answer is mapped before a response interceptor reads it', async () => {
    server.reply({ status: 400, json: { name: ['This field is required.'] } });
    const api = createClient(server.url, { dialect: djangoRest() });
    let seen: unknown;
    api.addResponseInterceptor((r) => {
      seen = r.errors;
      return r;
    });
    await api.post('/products/', {});
    expect(seen).toEqual({ name: 'This field is required.' });
  });
});

describe('envelope flag', () => {
  it('with envelope: false, a record with a boolean success field is data', async () => {
    server.reply({ json: { success: true, data: 5, id: 1 } });
    const plain = await createClient(server.url, {
      dialect: {
        name: 'plain',
        envelope: false,
        transport: dialectTransport({ envelope: false }),
      },
    }).get('/a');
    expect(plain.success && plain.data).toEqual({ success: true, data: 5, id: 1 });
    // The default protocol reads a boolean `success` as its envelope (docs/guide/requests.md, "How
    // the body is read").
    expect((await createClient(server.url).get('/a')).data).toBe(5);
  });
});

describe('envelopes without data', () => {
  it('keep their other keys as data: a { success, user, session_id } login keeps the user', async () => {
    server.reply({ json: { success: true, user: { id: 1 }, session_id: 's1', message: 'hi' } });
    const res = await createClient(server.url).post('/auth/login', {});
    expect(res.success && res.data).toEqual({ user: { id: 1 }, session_id: 's1' });
    expect(res.message).toBe('hi');
  });

  it('keep a key named __proto__ as a field of data, not as its prototype', async () => {
    server.reply({
      headers: { 'Content-Type': 'application/json' },
      text: '{"success":true,"__proto__":{"admin":true},"user":2}',
    });
    const res = await createClient(server.url).get('/me');
    const data = res.data as Record<string, unknown>;
    expect(Object.getPrototypeOf(data)).toBe(Object.prototype);
    expect(data.admin).toBeUndefined();
    expect(Object.keys(data)).toEqual(['__proto__', 'user']);
    expect(Object.getOwnPropertyDescriptor(data, '__proto__')?.value).toEqual({ admin: true });
  });
});

describe('query part reaches the builder', () => {
  it('client.query() serializes with the dialect and enforces its check', () => {
    const dialect: Dialect = {
      name: 'colon',
      query: {
        key: bracketSerializer.key,
        serialize: (entries) =>
          entries
            .map((e) => (e.kind === 'filter' ? `${e.field}:${e.operator}=${String(e.value)}` : ''))
            .join('&'),
        check: (entry) =>
          entry.kind === 'filter' && entry.operator === 'between'
            ? `colon cannot express operator 'between'`
            : undefined,
      },
    };
    const api = createClient(server.url, { dialect });
    expect(api.query('/p').where('price', 'gte', 10).toQueryString()).toBe('price:gte=10');
  });
});

describe('the response surface', () => {
  it('response interceptors see the headers; meta set by one is normalized after', async () => {
    server.reply({ headers: { 'X-Total-Count': '42' }, json: [1, 2] });
    const api = createClient(server.url);
    api.addResponseInterceptor((res) => {
      const total = res.headers?.get('x-total-count');
      return { ...res, meta: { current_page: '2', per_page: 10, totalCount: total } };
    });
    const res = await api.get('/a');
    expect(res.meta).toEqual({ page: 2, limit: 10, total: 42, totalPages: 5 });
    expect(res.headers?.get('x-total-count')).toBe('42');
  });

  it('createClient rejects an unknown option, naming it', () => {
    expect(() => createClient(server.url, { querySerializer: {} } as never)).toThrow(TypeError);
    expect(() => createClient(server.url, { retries: 2 } as never)).toThrow(/config\.retries/);
    expect(() => createClient(server.url, { dialect: 'json-server' } as never)).toThrow(
      /config\.dialect/,
    );
  });
});

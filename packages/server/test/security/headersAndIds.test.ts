/**
 * `X-Content-Type-Options: nosniff` on every response (successes,
 * errors, 404s, preflights, requests Node cannot parse), error bodies only ever JSON, and
 * record ids `.`, `..` and ids with `/`, `\` or NUL refused with 400 on every id route.
 */
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, raw, rawHttp, start } from '../helpers';

let running: Running;
let admin: string;
beforeAll(async () => {
  running = await start({ cors: { origins: ['http://localhost:5173'] } });
  admin = (await (await running.signIn('admin')).getSessionId()) as string;
});
afterAll(() => running.stop());

/** Writes `request` on a raw connection and resolves everything answered until it closes. */
function rawExchange(request: string): Promise<string> {
  const { port } = new URL(running.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1', () => socket.write(request));
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
  });
}

function expectJsonError(res: { headers: Headers; body: unknown }, status: number) {
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(res.body).toMatchObject({ success: false, code: expect.any(String) });
  expect(typeof (res.body as { error: unknown }).error).toBe('string');
  expect(status).toBeGreaterThanOrEqual(400);
}

describe('X-Content-Type-Options: nosniff and JSON-only errors', () => {
  it.each([
    ['a success', '/health', {}, 200],
    ['an unknown route that echoes HTML', '/<script>alert(1)</script>', {}, 404],
    ['no session', '/products', {}, 401],
    ['a bad query', '/products?price[gte]=<b>x</b>', { 'x-session-id': 'set below' }, 400],
    ['an unknown entity', '/nothing', {}, 404],
  ] as const)('%s', async (_what, path, headers, status) => {
    const sent = { ...headers } as Record<string, string>;
    if (sent['x-session-id']) sent['x-session-id'] = admin;
    const res = await raw(`${running.url}${path}`, { headers: sent });
    expect(res.status).toBe(status);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    if (status >= 400) expectJsonError(res, status);
  });

  it('malformed JSON, a wrong content type, a bad percent-encoding and a preflight', async () => {
    const bad = await raw(`${running.url}/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': admin },
      body: '{"<html>',
    });
    expect(bad.status).toBe(400);
    expectJsonError(bad, 400);
    const type = await raw(`${running.url}/products`, {
      method: 'POST',
      headers: { 'content-type': 'text/html', 'x-session-id': admin },
      body: '<h1>hi</h1>',
    });
    expect(type.status).toBe(415);
    expectJsonError(type, 415);
    const encoding = await rawHttp(new URL(running.url).origin, '/api/products/%E0%A4%A');
    expect(encoding.status).toBe(400);
    expect(encoding.headers['x-content-type-options']).toBe('nosniff');
    const preflight = await raw(`${running.url}/products`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a request Node cannot parse gets the JSON envelope with nosniff', async () => {
    const answer = await rawExchange(
      'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n',
    );
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(answer).toMatch(/x-content-type-options: nosniff/i);
    expect(answer).toMatch(/content-type: application\/json/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      code: 'BAD_REQUEST',
    });
  });
  it('headers too large get a 431 with a code of their own', async () => {
    const answer = await rawExchange(
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(answer).toMatch(/x-content-type-options: nosniff/i);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      success: false,
      code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
    });
  });
});

describe('record ids that could be paths are refused', () => {
  const ENCODED = ['%2E', '%2E%2E', '.%2E', 'a%2Fb', '..%2F..%2Fetc', 'a%5Cb', '%5C', 'a%00b'];

  // Sent through node:http: fetch would resolve `%2E` segments before sending.
  it.each(['GET', 'PUT', 'PATCH', 'DELETE'])('%s /:entity/:id answers 400 JSON', async (method) => {
    const origin = new URL(running.url).origin;
    for (const id of ENCODED) {
      for (const entity of ['products', 'users', 'nothing']) {
        const res = await rawHttp(origin, `/api/${entity}/${id}`, {
          method,
          headers: { 'x-session-id': admin, 'content-type': 'application/json' },
          ...(method === 'PUT' || method === 'PATCH'
            ? { body: JSON.stringify({ name: 'x', price: 1 }) }
            : {}),
        });
        expect(res.status, `${method} ${entity}/${id}`).toBe(400);
        expect(res.headers['x-content-type-options']).toBe('nosniff');
        expect(res.headers['content-type']).toMatch(/^application\/json/);
        expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
        expect(res.body.error).toMatch(/Invalid id/);
      }
    }
  });

  it('also when the path is sent as written (no client-side dot-segment removal)', async () => {
    const origin = new URL(running.url).origin;
    for (const path of ['/api/products/..', '/api/products/.']) {
      const res = await rawHttp(origin, path, { headers: { 'x-session-id': admin } });
      expect(res.status, path).toBe(400);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('POST refuses such an id in the body, and stores nothing', async () => {
    const before = running.server.snapshot().entities.products?.rows.length;
    for (const id of ['.', '..', 'a/b', 'a\\b', 'a\u0000b']) {
      const res = await raw(`${running.url}/products`, {
        method: 'POST',
        headers: { 'x-session-id': admin, 'content-type': 'application/json' },
        body: JSON.stringify({ id, name: 'x', price: 1 }),
      });
      expect(res.status, JSON.stringify(id)).toBe(400);
      expectJsonError(res, 400);
    }
    expect(running.server.snapshot().entities.products?.rows.length).toBe(before);
  });

  it('ids with dots inside stay usable', async () => {
    const res = await raw(`${running.url}/products`, {
      method: 'POST',
      headers: { 'x-session-id': admin, 'content-type': 'application/json' },
      body: JSON.stringify({ id: 'v1.2..3', name: 'x', price: 1 }),
    });
    expect(res.status).toBe(201);
    const read = await raw(`${running.url}/products/v1.2..3`, {
      headers: { 'x-session-id': admin },
    });
    expect(read.status).toBe(200);
  });
});

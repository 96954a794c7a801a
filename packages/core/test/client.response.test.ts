import { createClient } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isEnvelope, normalizeMeta } from '../src/client/response';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

// Every outcome with a response carries its headers; the rest is compared field by field.
const call = async (reply: Parameters<TestServer['reply']>[0]) => {
  server.reply(reply);
  const { headers, ...rest } = await createClient(server.url).get('/r');
  expect(headers).toBeInstanceOf(Headers);
  return rest;
};

describe('envelopes', () => {
  it('unwraps { success, data, message, meta }', async () => {
    const res = await call({
      json: {
        success: true,
        data: [{ id: 1 }],
        message: 'ok',
        meta: { page: 1, limit: 10, total: 25 },
      },
    });
    expect(res).toEqual({
      success: true,
      status: 200,
      data: [{ id: 1 }],
      message: 'ok',
      meta: { page: 1, limit: 10, total: 25, totalPages: 3 },
    });
  });

  it('treats { data } with only envelope keys as an envelope', async () => {
    const res = await call({ json: { data: { id: 7 }, status: 'ok' } });
    expect(res.data).toEqual({ id: 7 });
  });

  it('keeps a body with data and other keys as data itself', async () => {
    const body = { data: [1], total: 3 };
    expect((await call({ json: body })).data).toEqual(body);
  });

  it.each([
    ['an array', [1, 2]],
    ['a string', 'hello'],
    ['a number', 42],
    ['null', null],
    ['a plain object', { id: 1, name: 'x' }],
  ])('returns %s that is not an envelope as data', async (_n, json) => {
    const res = await call({ json });
    expect(res).toEqual({ success: true, status: 200, data: json });
  });

  it('copies error, code and errors from an error envelope', async () => {
    const res = await call({
      status: 422,
      json: {
        success: false,
        error: 'Validation failed',
        code: 'VALIDATION_ERROR',
        errors: { name: 'required', price: ['must be a number', 'must be positive'] },
      },
    });
    expect(res).toEqual({
      success: false,
      status: 422,
      error: 'Validation failed',
      code: 'VALIDATION_ERROR',
      errors: { name: 'required', price: 'must be a number, must be positive' },
    });
  });

  it('takes error.message of an object error', async () => {
    const res = await call({
      status: 400,
      json: { success: false, error: { message: 'bad input' } },
    });
    expect(res.error).toBe('bad input');
  });

  it('success follows the status, not the envelope', async () => {
    const res = await call({ status: 200, json: { success: false, error: 'soft failure' } });
    expect(res).toMatchObject({ success: true, status: 200, error: 'soft failure' });
    const res2 = await call({ status: 500, json: { success: true, data: 1 } });
    expect(res2).toMatchObject({ success: false, status: 500, data: 1 });
  });

  it('detects envelopes structurally', () => {
    expect(isEnvelope({ success: false })).toBe(true);
    expect(isEnvelope({ data: null })).toBe(true);
    expect(isEnvelope({ success: 'yes', data: 1, other: 1 })).toBe(false);
    expect(isEnvelope([{ success: true }])).toBe(false);
  });
});

describe('bodies that are not JSON objects', () => {
  it('204 has no data', async () => {
    const res = await call({ status: 204 });
    expect(res).toEqual({ success: true, status: 204 });
  });

  it('an empty 200 has no data', async () => {
    expect(await call({ status: 200, headers: { 'Content-Type': 'application/json' } })).toEqual({
      success: true,
      status: 200,
    });
  });

  it('text content types give text', async () => {
    const res = await call({ text: 'hello' });
    expect(res).toEqual({ success: true, status: 200, data: 'hello' });
  });

  it('+json content types are parsed', async () => {
    const res = await call({
      text: '{"success":true,"data":{"a":1}}',
      headers: { 'Content-Type': 'application/vnd.api+json; charset=utf-8' },
    });
    expect(res.data).toEqual({ a: 1 });
  });

  it('invalid JSON on 2xx gives the raw text as data', async () => {
    const res = await call({ text: '{"broken":', headers: { 'Content-Type': 'application/json' } });
    expect(res).toEqual({ success: true, status: 200, data: '{"broken":' });
  });
});

describe('error messages on non-2xx', () => {
  it('uses body.message of a plain JSON body', async () => {
    const res = await call({ status: 404, json: { message: 'No such user' } });
    expect(res).toMatchObject({ success: false, status: 404, error: 'No such user' });
  });

  it('uses message of an envelope without error', async () => {
    const res = await call({ status: 409, json: { success: false, message: 'Already exists' } });
    expect(res.error).toBe('Already exists');
  });

  it('uses a short text body', async () => {
    const res = await call({ status: 502, text: 'Bad gateway from proxy' });
    expect(res).toMatchObject({
      status: 502,
      error: 'Bad gateway from proxy',
      data: 'Bad gateway from proxy',
    });
  });

  it('falls back to the status line for long text (HTML error pages) and empty bodies', async () => {
    const html = `<html><body>${'x'.repeat(300)}</body></html>`;
    const res = await call({ status: 500, text: html, headers: { 'Content-Type': 'text/html' } });
    expect(res.error).toBe('HTTP 500 Internal Server Error');
    const empty = await call({ status: 404 });
    expect(empty).toEqual({ success: false, status: 404, error: 'HTTP 404 Not Found' });
  });

  it('falls back to the status line for a JSON body without message', async () => {
    const res = await call({ status: 403, json: { reason: 'nope' } });
    expect(res).toMatchObject({ error: 'HTTP 403 Forbidden', data: { reason: 'nope' } });
  });
});

describe('meta normalization', () => {
  it('maps aliases and parses numeric strings', async () => {
    const res = await call({
      json: {
        success: true,
        data: [],
        meta: { current_page: '2', per_page: '20', totalCount: '45', cursor: 'abc' },
      },
    });
    expect(res.meta).toEqual({ page: 2, limit: 20, total: 45, totalPages: 3, cursor: 'abc' });
  });

  it.each([
    [
      { currentPage: 1, perPage: 5, totalItems: 11 },
      { page: 1, limit: 5, total: 11, totalPages: 3 },
    ],
    [
      { page: 3, pageSize: 10, total_items: 30 },
      { page: 3, limit: 10, total: 30, totalPages: 3 },
    ],
    [
      { page: 1, limit: 10, count: 0 },
      { page: 1, limit: 10, total: 0, totalPages: 0 },
    ],
    [
      { page: 1, limit: 10, total: 99, total_pages: '7' },
      { page: 1, limit: 10, total: 99, totalPages: 7 },
    ],
    [
      { page: 1, limit: 0, total: 5 },
      { page: 1, limit: 0, total: 5 },
    ],
    [{ page: 'first' }, { page: 'first' }],
  ])('normalizes %o', (meta, expected) => {
    expect(normalizeMeta(meta)).toEqual(expected);
  });

  it('ignores a meta that is not an object', () => {
    expect(normalizeMeta([1])).toBeUndefined();
    expect(normalizeMeta('x')).toBeUndefined();
  });
});

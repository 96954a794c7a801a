// A value nested 10 000 levels deep inside a 422 error envelope: the call resolves the 422
// with its message and fields, not `status: 0, NETWORK_ERROR` from a stack overflow.
import { createClient } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const DEPTH = 10_000;
const deepArray = () => `${'['.repeat(DEPTH)}"too deep"${']'.repeat(DEPTH)}`;
const deepObject = () => `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

function reply422(errors: string) {
  server.reply({
    status: 422,
    headers: { 'Content-Type': 'application/json' },
    text: `{"success":false,"error":"Validation failed","code":"VALIDATION_ERROR","errors":{"name":${errors},"price":"must be positive"}}`,
  });
}

describe('a deeply nested value in an error envelope', () => {
  it.each([
    ['array', deepArray],
    ['object', deepObject],
  ])('a 10 000-deep %s in errors resolves the 422', async (_kind, deep) => {
    reply422(deep());
    const res = await createClient(server.url).post('/products', { name: '' });
    expect(res).toMatchObject({
      success: false,
      status: 422,
      error: 'Validation failed',
      code: 'VALIDATION_ERROR',
      errors: { price: 'must be positive', name: expect.any(String) },
    });
  });

  it('a 10 000-deep data in a 422 body resolves the 422', async () => {
    server.reply({
      status: 422,
      headers: { 'Content-Type': 'application/json' },
      text: `{"message":"Unprocessable","detail":${deepArray()}}`,
    });
    const res = await createClient(server.url).get('/x');
    expect(res).toMatchObject({ success: false, status: 422, error: 'Unprocessable' });
  });
});

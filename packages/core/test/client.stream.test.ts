// `responseType: 'stream'`: a 2xx answer's body is handed over unread, for a caller that reads
// a stream (the live module's Server-Sent Events feed), through the same rules as every call.
import { createClient, MemoryStorage } from '@bridgekit/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/testServer';

let server: TestServer;
beforeEach(async () => {
  server = await startTestServer();
});
afterEach(() => server.close());

const decoder = new TextDecoder();

/** Reads a stream to its end as text. */
async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  const reader = stream.getReader();
  let text = '';
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    text += decoder.decode(read.value, { stream: true });
  }
  return text;
}

describe("responseType: 'stream'", () => {
  it('hands over the body unread, with the session and the default headers', async () => {
    server.reply((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write('data: one\n\n');
      setTimeout(() => res.end('data: two\n\n'), 50);
      return undefined;
    });
    const api = createClient(server.url, {
      storage: new MemoryStorage(),
      sessionId: 'abc',
      headers: { 'X-Api-Key': 'k' },
    });
    const res = await api.get<ReadableStream<Uint8Array>>('/events', { responseType: 'stream' });
    expect(res.success).toBe(true);
    if (!res.success) return;
    expect(res.data).toBeInstanceOf(ReadableStream);
    expect(res.headers?.get('content-type')).toBe('text/event-stream');
    expect(await readAll(res.data)).toBe('data: one\n\ndata: two\n\n');
    expect(server.requests[0]?.headers['x-session-id']).toBe('abc');
    expect(server.requests[0]?.headers['x-api-key']).toBe('k');
  });

  it('the time-out covers the wait for the headers, not the stream that follows', async () => {
    server.reply((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': first\n\n');
      setTimeout(() => res.end(': after the time-out\n\n'), 300);
      return undefined;
    });
    const api = createClient(server.url, { timeout: 100 });
    const res = await api.get<ReadableStream<Uint8Array>>('/events', { responseType: 'stream' });
    if (!res.success) throw new Error(res.error);
    expect(await readAll(res.data)).toBe(': first\n\n: after the time-out\n\n');
  });

  it('a failure is read as always: its error and its headers', async () => {
    server.reply({
      status: 429,
      headers: { 'Retry-After': '3' },
      json: { success: false, error: 'Too many feeds' },
    });
    const res = await createClient(server.url).get('/events', { responseType: 'stream' });
    expect(res).toMatchObject({ success: false, status: 429, error: 'Too many feeds' });
    expect(res.headers?.get('retry-after')).toBe('3');
  });

  it('cancelling the stream ends the request on the server', async () => {
    let closed!: () => void;
    const serverSawClose = new Promise<void>((resolve) => {
      closed = resolve;
    });
    server.reply((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'text/event-stream' });
      res.write(': open\n\n');
      res.on('close', closed);
      return undefined;
    });
    const res = await createClient(server.url).get<ReadableStream<Uint8Array>>('/events', {
      responseType: 'stream',
    });
    if (!res.success) throw new Error(res.error);
    const reader = res.data.getReader();
    await reader.read();
    await reader.cancel();
    await serverSawClose;
  });

  it('any other value is a CLIENT_ERROR naming the option', async () => {
    const res = await createClient(server.url).get('/x', { responseType: 'json' as never });
    expect(res).toMatchObject({ success: false, code: 'CLIENT_ERROR' });
    expect(res.error).toMatch(/options\.responseType must be 'stream'/);
    expect(server.requests).toHaveLength(0);
  });
});

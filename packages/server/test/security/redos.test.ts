/**
 * The hostile LIKE pattern (`%_` fourteen times and a tail that does not
 * match) over a long value used to take 6–27 s of CPU and block every other request. It is
 * answered now, correctly, while another request is served alongside. The cost itself is
 * measured by the bench (`npm run bench -- --only=like`), not here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, raw, start } from '../helpers';

let running: Running;
let session: string;
const LONG_NAME = `Lamp ${'a'.repeat(5000)}`;

beforeAll(async () => {
  running = await start();
  const admin = await running.signIn('admin');
  session = (await admin.getSessionId()) as string;
  const created = await admin.post('/products', { name: LONG_NAME, price: 1 });
  expect(created.status).toBe(201);
});
afterAll(() => running.stop());

function list(query: string) {
  return raw(`${running.url}/products?${query}`, { headers: { 'x-session-id': session } });
}

describe('like/ilike against hostile patterns', () => {
  it.each(['like', 'ilike'])(
    '%s: the hostile pattern is answered with the right rows while another request is served',
    async (operator) => {
      const hostile = encodeURIComponent(`${'%_'.repeat(14)}!`);
      const [slow, other] = await Promise.all([
        list(`name[${operator}]=${hostile}&limit=100`),
        list('limit=1&sort=id'),
      ]);
      expect(slow.status).toBe(200);
      expect(slow.body.data).toEqual([]);
      expect(other.status).toBe(200);
      expect(other.body.data).toHaveLength(1);
    },
  );

  it('the same shape that does match finds the long row', async () => {
    const pattern = encodeURIComponent(`Lamp ${'%_'.repeat(14)}%a`);
    const res = await list(`name[like]=${pattern}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((row: { name: string }) => row.name)).toEqual([LONG_NAME]);
  });

  it('a 200-character pattern over every row is answered', async () => {
    const pattern = encodeURIComponent(`%${'a'.repeat(198)}b`);
    const res = await list(`name[ilike]=${pattern}`);
    expect(res.status).toBe(200);
    expect(res.body.meta.total).toBe(0);
  });
});

describe('like/ilike pattern length', () => {
  // A value of about 1 MB (what a body may carry) and patterns around the limit.
  const HUGE = 'a'.repeat(1_000_000);
  let hugeId: string;
  beforeAll(async () => {
    const res = await raw(`${running.url}/products`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-id': session },
      body: JSON.stringify({ name: HUGE, price: 1 }),
    });
    expect(res.status).toBe(201);
    hugeId = res.body.data.id;
  });

  it.each(['like', 'ilike'])(
    '%s: a 10 000-character pattern is refused with a 400 that names the limit',
    async (operator) => {
      const pattern = encodeURIComponent(`%${'a'.repeat(9_998)}b`);
      const res = await list(`name[${operator}]=${pattern}`);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
      expect(res.body.error).toMatch(/name.*limit is 200 characters/);
    },
  );

  it('a pattern at the limit is matched over the 1 MB value', async () => {
    const hit = await list(`name[like]=${encodeURIComponent(`%${'a'.repeat(199)}`)}`);
    expect(hit.status).toBe(200);
    expect(hit.body.data.map((row: { id: string }) => row.id)).toContain(hugeId);
    const miss = await list(`name[ilike]=${encodeURIComponent(`%${'A'.repeat(198)}b`)}`);
    expect(miss.status).toBe(200);
    expect(miss.body.meta.total).toBe(0);
  });
});

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

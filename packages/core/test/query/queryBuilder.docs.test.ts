import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gte, lt } from '../../src/query/operators';
import { QueryBuilder } from '../../src/query/QueryBuilder';
import { encodeQueryComponent, type QuerySerializer } from '../../src/query/serializer';
import { docsBlock, runDocsBlock } from '../helpers/docsExample';
import { startTestServer, type TestServer } from '../helpers/testServer';
import { fakeExecutor } from './fakeExecutor';

// The examples of docs/guide/queries.md, run as the page writes them, so the documentation
// cannot drift from the code.
const PAGE = 'docs/guide/queries.md';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ json: { success: true, data: [] } });
});
afterAll(() => server.close());

describe('documented examples', () => {
  it('the opening example', async () => {
    const code = docsBlock(PAGE, ".header('X-Tenant', 'acme')");
    await runDocsBlock(code, ['res'], [['https://api.example.com', server.url]]);
    const [request] = server.requests;
    expect(request?.method).toBe('GET');
    expect(request?.url).toBe(
      '/api/products?active=true&price[gte]=10&category[in]=Home,Garden&q=lamp&sort=price:desc&page=2&limit=20',
    );
    expect(request?.headers['x-tenant']).toBe('acme');
    // The request the page says it sends, in its comment.
    expect(code).toContain(`// GET ${request?.url}\n// X-Tenant: acme`);
  });

  it('a Date range bound', () => {
    const b = new QueryBuilder(fakeExecutor(), '/x').where('createdAt', lt(new Date('2024-01-01')));
    expect(b.toQueryString()).toBe('createdAt[lt]=2024-01-01T00%3A00%3A00.000Z');
  });

  it('another wire format through a replacement serializer', async () => {
    const { filterSerializer } = await runDocsBlock<{ filterSerializer: QuerySerializer }>(
      docsBlock(PAGE, 'const filterSerializer: QuerySerializer = {'),
      ['filterSerializer'],
    );
    const b = new QueryBuilder(fakeExecutor(), '/products', filterSerializer)
      .where('price', gte(10))
      .page(2);
    expect(b.toQueryString()).toBe('filter[price][gte]=10&page=2');
  });

  it('encodeQueryComponent never throws', () => {
    expect(encodeQueryComponent('a b&c')).toBe('a%20b%26c');
    expect(encodeQueryComponent('\uDC00')).toBe('%EF%BF%BD');
  });
});

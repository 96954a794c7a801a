/**
 * The custom-dialect example of docs/guide/backends/custom.md ("A REST API with its own
 * syntax"), run as the page writes it.
 */
import { describe, expect, it } from 'vitest';
import { between, type Dialect, type QueryBuilder } from '@bridgekit/core';
import { docsBlock, runDocsBlock } from '../helpers/docsExample';

const PAGE = 'docs/guide/backends/custom.md';

describe('the custom dialect example', () => {
  it('writes its own query syntax and refuses what it cannot express', async () => {
    const { acme, query } = await runDocsBlock<{ acme: Dialect; query: QueryBuilder<unknown> }>(
      docsBlock(PAGE, 'const acme: Dialect = {'),
      ['acme', 'query'],
    );
    expect(query.toQueryString()).toBe('filter[price][gte]=10&order=-price&page=2&size=20');
    expect(() => query.where('price', between(1, 2))).toThrow(
      new TypeError("acme cannot express operator 'between'"),
    );
    expect(
      acme.list!(
        { success: true, status: 200, data: { items: [1], total: 3 } },
        { page: 1, limit: 1 },
      ).meta,
    ).toEqual({
      page: 1,
      limit: 1,
      total: 3,
      hasMore: true,
    });
  });
});

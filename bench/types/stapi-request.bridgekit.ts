// One request('POST', …) on STAPI's document: a urlencoded search body, its fields checked
// against the schema as openapi-fetch checks its `body` (Bridgekit).
import { createClient, formBody } from '@bridgekit/core';
import type { paths } from './generated/stapi';

const api = createClient<paths>('https://stapi.co/api/v1/rest');

export async function call() {
  const found = await api.request('POST', '/character/search', formBody({ name: 'Kirk' }), {
    params: { pageSize: 5 },
  });
  if (found.success) found.data.characters?.map((c) => c.name);
}

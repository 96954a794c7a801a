// One request('post', …) on STAPI's document: a urlencoded search body (openapi-fetch).
import createClient from 'openapi-fetch';
import type { paths } from './generated/stapi';

const api = createClient<paths>({ baseUrl: 'https://stapi.co/api/v1/rest' });

export async function call() {
  const found = await api.request('post', '/character/search', {
    params: { query: { pageSize: 5 } },
    body: { name: 'Kirk' },
    bodySerializer: (body) => new URLSearchParams(body as Record<string, string>),
  });
  if (found.data) found.data.characters?.map((c) => c.name);
}

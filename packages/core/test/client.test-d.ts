import {
  type ApiResponse,
  Client,
  type ClientConfig,
  createClient,
  LocalStorageAdapter,
  MemoryStorage,
  type QueryBuilder,
  type RequestConfig,
  type RequestOptions,
  type ResponseMeta,
  SESSION_STORAGE_KEYS,
  type StorageAdapter,
} from '@bridgekit/core';
import { describe, expectTypeOf, it } from 'vitest';

interface User {
  id: string;
  name: string;
}

const api = createClient('https://api.example.com');

describe('generic T of every verb', () => {
  it('defaults to any', () => {
    expectTypeOf(api.get('/u')).toEqualTypeOf<Promise<ApiResponse<any>>>();
    expectTypeOf(api.post('/u')).toEqualTypeOf<Promise<ApiResponse<any>>>();
    expectTypeOf(api.put('/u', {})).toEqualTypeOf<Promise<ApiResponse<any>>>();
    expectTypeOf(api.patch('/u', {})).toEqualTypeOf<Promise<ApiResponse<any>>>();
    expectTypeOf(api.delete('/u')).toEqualTypeOf<Promise<ApiResponse<any>>>();
    expectTypeOf(api.query('/u')).toEqualTypeOf<QueryBuilder<any>>();
  });

  it('flows T into data, narrowed by success', async () => {
    const get = await api.get<User[]>('/u');
    // Before narrowing, data may be an error body: not T.
    expectTypeOf(get.data).toEqualTypeOf<unknown>();
    if (get.success) {
      expectTypeOf(get.data).toEqualTypeOf<User[]>();
      expectTypeOf(get.error).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(get.error).toEqualTypeOf<string>();
      expectTypeOf(get.success).toEqualTypeOf<false>();
    }
    const post = await api.post<User>('/u', { name: 'a' });
    if (post.success) expectTypeOf(post.data).toEqualTypeOf<User>();
    const put = await api.put<User>('/u/1', {});
    if (put.success) expectTypeOf(put.data).toEqualTypeOf<User>();
    const patch = await api.patch<User>('/u/1', {});
    if (patch.success) expectTypeOf(patch.data).toEqualTypeOf<User>();
    const del = await api.delete<null>('/u/1');
    if (del.success) expectTypeOf(del.data).toEqualTypeOf<null>();
    else expectTypeOf(del.error).toEqualTypeOf<string>();
    expectTypeOf(api.query<User>('/u')).toEqualTypeOf<QueryBuilder<User>>();
  });

  it('narrows the builder executors the same way', async () => {
    const res = await api.query<User[]>('/u').where('a', 1).get();
    if (res.success) expectTypeOf(res.data).toEqualTypeOf<User[]>();
    else expectTypeOf(res.error).toEqualTypeOf<string>();
    const created = await api.query<User>('/u').post({ name: 'a' });
    if (created.success) expectTypeOf(created.data).toEqualTypeOf<User>();
  });

  it('types the rest of the response', async () => {
    const res = await api.get<User>('/u');
    expectTypeOf(res.success).toEqualTypeOf<boolean>();
    expectTypeOf(res.status).toEqualTypeOf<number>();
    expectTypeOf(res.error).toEqualTypeOf<string | undefined>();
    expectTypeOf(res.meta).toEqualTypeOf<ResponseMeta | undefined>();
    expectTypeOf(res.errors).toEqualTypeOf<Record<string, string> | undefined>();
  });

  it('types the arguments', () => {
    expectTypeOf(api.get).parameter(0).toEqualTypeOf<string>();
    expectTypeOf(api.get).parameter(1).toEqualTypeOf<RequestOptions | undefined>();
    expectTypeOf(api.post).parameter(1).toEqualTypeOf<unknown>();
    expectTypeOf(api.post).parameter(2).toEqualTypeOf<RequestOptions | undefined>();
    // @ts-expect-error the endpoint is a string
    api.get(1);
    // @ts-expect-error delete takes no body
    api.delete('/u', { a: 1 }, {});
  });
});

describe('other operations', () => {
  it('has the documented signatures', () => {
    expectTypeOf(api.getSessionId()).toEqualTypeOf<Promise<string | null>>();
    expectTypeOf(api.hasSession()).toEqualTypeOf<Promise<boolean>>();
    expectTypeOf(api.setSessionId).returns.toEqualTypeOf<void>();
    expectTypeOf(api.clearSession).returns.toEqualTypeOf<void>();
    expectTypeOf(api.setHeader).parameters.toEqualTypeOf<[string, string]>();
    expectTypeOf(api.addRequestInterceptor((c) => c)).toEqualTypeOf<() => void>();
    expectTypeOf(api.addResponseInterceptor(async (r) => r)).toEqualTypeOf<() => void>();
    expectTypeOf(api.onSessionRejected(() => {})).toEqualTypeOf<() => void>();
    expectTypeOf(api.getBaseUrl()).toEqualTypeOf<string>();
    expectTypeOf(api.getConfig()).toEqualTypeOf<ClientConfig>();
    expectTypeOf(api.getStorage()).toEqualTypeOf<StorageAdapter | undefined>();
    expectTypeOf(new Client('https://h')).toEqualTypeOf<Client>();
    expectTypeOf(createClient).returns.toEqualTypeOf<Client>();
  });

  it('interceptors see RequestConfig and ApiResponse', () => {
    api.addRequestInterceptor((config) => {
      expectTypeOf(config).toEqualTypeOf<RequestConfig>();
      expectTypeOf(config.method).toEqualTypeOf<'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'>();
      expectTypeOf(config.headers).toEqualTypeOf<Record<string, string>>();
      return config;
    });
    api.addResponseInterceptor((response) => {
      expectTypeOf(response).toEqualTypeOf<ApiResponse<any>>();
      return response;
    });
  });
});

describe('config types', () => {
  it('accepts every field of ClientConfig', () => {
    const config: ClientConfig = {
      sessionId: 's',
      getSessionId: async () => null,
      includeSession: true,
      sessionHeader: 'X-Session-ID',
      storage: new MemoryStorage(),
      sessionKeys: ['token'],
      headers: { 'X-API-Key': 'k' },
      retryAttempts: 2,
      retryDelay: 300,
      timeout: 30_000,
      onRequest: async (c) => {
        expectTypeOf(c).toEqualTypeOf<RequestConfig>();
      },
      onResponse: async (r) => {
        expectTypeOf(r).toEqualTypeOf<ApiResponse<any>>();
      },
      onError: (e) => {
        expectTypeOf(e).toEqualTypeOf<Error>();
      },
      fetch: globalThis.fetch,
    };
    expectTypeOf(createClient('https://h', config)).toEqualTypeOf<Client>();
    // @ts-expect-error headers are strings
    createClient('https://h', { headers: { 'X-A': 1 } });
    // @ts-expect-error timeout is a number
    createClient('https://h', { timeout: '10' });
  });

  it('accepts every field of RequestOptions', () => {
    const options: RequestOptions = {
      params: { page: 1, tags: ['a'], when: new Date() },
      headers: { 'X-A': 'b' },
      timeout: 0,
      includeSession: false,
      signal: new AbortController().signal,
    };
    expectTypeOf(api.get('/u', options)).toEqualTypeOf<Promise<ApiResponse<any>>>();
  });

  it('types the storage exports', () => {
    expectTypeOf(new MemoryStorage()).toMatchTypeOf<StorageAdapter>();
    expectTypeOf(new LocalStorageAdapter()).toMatchTypeOf<StorageAdapter>();
    expectTypeOf(SESSION_STORAGE_KEYS).toEqualTypeOf<
      readonly ['client_session_id', 'session_id', 'sessionId']
    >();
  });
});

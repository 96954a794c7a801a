import type { Client } from '../../src/client';
import type { ApiResponse, ClientConfig, RequestOptions, StorageAdapter } from '../../src/types';

/**
 * Stand-in for `Client` with the contract's surface, used only while the real client is not
 * available. Speaks real HTTP through fetch.
 */
export function createTestClient(baseUrl: string, config: ClientConfig = {}): Client {
  let session: string | null = config.sessionId ?? null;
  const storage: StorageAdapter | undefined = config.storage;
  const listeners = new Set<(r: ApiResponse) => void>();
  const headerName = config.sessionHeader ?? 'X-Session-ID';
  const getSessionId = async () => {
    if (session) return session;
    for (const key of ['client_session_id', 'session_id', 'sessionId']) {
      const v = await storage?.getItem(key);
      if (v) return v;
    }
    return null;
  };
  const send = async (
    method: string,
    endpoint: string,
    body: unknown,
    options: RequestOptions = {},
  ): Promise<ApiResponse> => {
    const qs = new URLSearchParams();
    for (const [k, v] of Object.entries(options.params ?? {})) if (v != null) qs.set(k, String(v));
    let url = baseUrl.replace(/\/+$/, '') + (endpoint.startsWith('/') ? endpoint : `/${endpoint}`);
    if ([...qs].length) url += (url.includes('?') ? '&' : '?') + qs.toString();
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const sid = options.includeSession === false ? null : await getSessionId();
    if (sid) headers[headerName] = sid;
    try {
      const res = await (config.fetch ?? fetch)(url, {
        method,
        headers: { ...headers, ...options.headers },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const json = text ? JSON.parse(text) : undefined;
      const envelope = json && typeof json === 'object' && 'success' in json;
      const out: ApiResponse = {
        success: res.ok,
        status: res.status,
        data: envelope ? json.data : json,
        ...(envelope && json.meta && { meta: json.meta }),
        ...(!res.ok && { error: envelope ? json.error : `HTTP ${res.status}` }),
        ...(envelope && json.code && { code: json.code }),
        ...(envelope && json.errors && { errors: json.errors }),
      };
      if (res.status === 401 && sid) for (const l of listeners) l(out);
      return out;
    } catch (e) {
      return { success: false, status: 0, error: String(e), code: 'NETWORK_ERROR' };
    }
  };
  const client = {
    get: (e: string, o?: RequestOptions) => send('GET', e, undefined, o),
    post: (e: string, b?: unknown, o?: RequestOptions) => send('POST', e, b, o),
    put: (e: string, b?: unknown, o?: RequestOptions) => send('PUT', e, b, o),
    patch: (e: string, b?: unknown, o?: RequestOptions) => send('PATCH', e, b, o),
    delete: (e: string, o?: RequestOptions) => send('DELETE', e, undefined, o),
    getSessionId,
    setSessionId(id: string) {
      session = id;
      void storage?.setItem('client_session_id', id);
    },
    clearSession() {
      session = null;
      for (const k of ['client_session_id', 'session_id', 'sessionId']) void storage?.removeItem(k);
    },
    hasSession: async () => (await getSessionId()) !== null,
    getStorage: () => storage,
    getBaseUrl: () => baseUrl,
    getConfig: () => config,
    onSessionRejected(listener: (r: ApiResponse) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
  return client as unknown as Client;
}

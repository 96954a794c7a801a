/*
 * Runs in a scratch project that installed the packed tarballs (see ../nodeEntries.mjs), in
 * plain Node with no alias or module mapping: `node probe.cjs require` loads everything with
 * require() (CommonJS), `node probe.cjs import` with import() (ES modules). Prints one JSON
 * object: every entry's exports as { name: typeof }, then the results of using them.
 */
const expected = require('./expected.json');

const mode = process.argv[2];
// The same checks in both module systems; only the loader differs.
const load = mode === 'require' ? async (id) => require(id) : (id) => import(id);

function shape(namespace) {
  const names = Object.keys(namespace).filter(
    (name) => name !== 'default' && name !== '__esModule',
  );
  return Object.fromEntries(names.sort().map((name) => [name, typeof namespace[name]]));
}

async function entries() {
  const out = {};
  for (const specifier of Object.keys(expected)) {
    try {
      out[specifier] = { shape: shape(await load(specifier)) };
    } catch (error) {
      out[specifier] = { error: error.stack };
    }
  }
  return out;
}

/** Calls the SWR-backed hooks of the entry it is given; a broken `swr` import throws here. */
function Probe({ bridge, h }) {
  const products = bridge.useBridgeApi({ endpoint: '/products' });
  const list = bridge.useBridgeQuery(products, 'list', null);
  const crud = bridge.useBridgeCrud({ endpoint: '/products' }, null);
  // @bridgekit/nextjs has no infinite query.
  const pages = bridge.useBridgeInfiniteQuery?.(products, null);
  const { isAuthenticated } = bridge.useAuth();
  const rows = [list.data, crud.data, pages?.items].map((data) => data?.length ?? 0);
  return h('p', null, `rendered ${rows.join(' ')} ${isAuthenticated}`);
}

async function renderHooks(specifier) {
  const { createElement: h } = await load('react');
  const { renderToString } = await load('react-dom/server');
  const bridge = await load(specifier);
  const config = { baseUrl: 'http://127.0.0.1:9/api' };
  const html = renderToString(h(bridge.BridgeProvider, { config }, h(Probe, { bridge, h })));
  if (!html.includes('rendered 0 0 0 false')) throw new Error(`unexpected render: ${html}`);
}

/** The reference server and the core client, end to end: sign in, then read a page. */
async function serverAndClient() {
  const { createServer } = await load('@bridgekit/server');
  const { createClient, MemoryStorage } = await load('@bridgekit/core');
  const server = createServer({ seed: 'demo' });
  const { url } = await server.listen(0, '127.0.0.1');
  try {
    const api = createClient(url, { storage: new MemoryStorage() });
    const login = await api.post('/auth/login', {
      email: 'admin@example.com',
      password: 'admin123',
    });
    if (!login.success) throw new Error(`login failed: ${login.error}`);
    api.setSessionId(login.data.sessionId);
    const page = await api.get('/products', { params: { limit: 2 } });
    if (!page.success || page.data.length !== 2)
      throw new Error(`no products: ${JSON.stringify(page)}`);
  } finally {
    await server.close();
  }
}

/** The offline queue of the packed core: a write made offline waits, then is applied once. */
async function offlineQueueReplays() {
  const { createServer } = await load('@bridgekit/server');
  const { createAuthService, createClient, MemoryStorage } = await load('@bridgekit/core');
  const { offlineQueue } = await load('@bridgekit/core/offline');
  const server = createServer({ seed: 'demo' });
  const { url } = await server.listen(0, '127.0.0.1');
  try {
    const client = createClient(url, { storage: new MemoryStorage() });
    const auth = createAuthService(client);
    await auth.login({ email: 'admin@example.com', password: 'admin123' });
    let online = false;
    const listeners = new Set();
    const connectivity = {
      isOnline: () => online,
      subscribe: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
    const queue = offlineQueue()({ client, auth, connectivity });
    const stop = queue.start();
    const name = `Shipped offline (${mode})`;
    const res = await client.post('/products', { name, price: 1 });
    if (res.code !== 'QUEUED') throw new Error(`not queued: ${JSON.stringify(res)}`);
    online = true;
    for (const listener of listeners) listener(true);
    await queue.replay();
    stop();
    const found = await client.get('/products', { params: { name } });
    if (!found.success || found.data.length !== 1) {
      throw new Error(`not applied once: ${JSON.stringify(found)}`);
    }
  } finally {
    await server.close();
  }
}

/** The live module of the packed core (and its SSE parser): another user's write reaches onEvent. */
async function liveModuleHears() {
  const { createServer } = await load('@bridgekit/server');
  const { createAuthService, createClient, MemoryStorage } = await load('@bridgekit/core');
  const { live } = await load('@bridgekit/core/live');
  const server = createServer({ seed: 'demo' });
  const { url } = await server.listen(0, '127.0.0.1');
  const signedIn = async (user) => {
    const client = createClient(url, { storage: new MemoryStorage() });
    const auth = createAuthService(client);
    await auth.login({ email: `${user}@example.com`, password: `${user}123` });
    return { client, auth };
  };
  let feed;
  let stop;
  try {
    const admin = await signedIn('admin');
    feed = live()(admin);
    stop = feed.start();
    await new Promise((resolve) => {
      const done = () => feed.getState().connected && resolve();
      feed.subscribe(done);
      done();
    });
    const heard = new Promise((resolve) => feed.onEvent(resolve));
    const editor = await signedIn('editor');
    await editor.client.patch('/products/1', { price: 7 });
    const event = await heard;
    if (event.type !== 'updated' || event.id !== '1' || event.record?.price !== 7) {
      throw new Error(`unexpected event: ${JSON.stringify(event)}`);
    }
  } finally {
    stop?.();
    feed?.dispose();
    await server.close();
  }
}

/**
 * A `BridgeApiError` shows its own name where a developer reads it: the class's name, the
 * stack's first line and `util.inspect` (a bundler may rename a class that refers to itself).
 */
async function bridgeApiErrorName() {
  const { BridgeApiError } = await load('@bridgekit/core');
  const { inspect } = require('node:util');
  const error = BridgeApiError.fromResponse({ success: false, status: 404, error: 'Not found' });
  const shown = {
    'constructor.name': error.constructor.name,
    'stack (first line)': error.stack.split('\n')[0],
    'util.inspect (first line)': inspect(error).split('\n')[0],
  };
  const want = { 'constructor.name': 'BridgeApiError' };
  for (const [where, text] of Object.entries(shown)) {
    const expected = want[where] ?? 'BridgeApiError: Not found';
    if (text !== expected) throw new Error(`${where} is ${JSON.stringify(text)}, want ${expected}`);
  }
}

/** The default storage of @bridgekit/react-native is AsyncStorage's default export. */
async function asyncStorageDefault() {
  const { createAsyncStorageAdapter } = await load('@bridgekit/react-native');
  const adapter = createAsyncStorageAdapter();
  if (typeof adapter.getItem !== 'function') throw new Error('the adapter has no getItem');
}

async function main() {
  const checks = {
    'hooks render (@bridgekit/react/hooks)': () => renderHooks('@bridgekit/react/hooks'),
    'hooks render (@bridgekit/react)': () => renderHooks('@bridgekit/react'),
    'hooks render (@bridgekit/nextjs)': () => renderHooks('@bridgekit/nextjs'),
    'server + client sign-in and list': serverAndClient,
    'offline queue: a write made offline is applied once back online': offlineQueueReplays,
    "live module: another user's write reaches onEvent": liveModuleHears,
    'createAsyncStorageAdapter() uses the AsyncStorage default export': asyncStorageDefault,
    'BridgeApiError keeps its name (class, stack, util.inspect)': bridgeApiErrorName,
  };
  const results = {};
  for (const [name, check] of Object.entries(checks)) {
    try {
      await check();
      results[name] = { ok: true };
    } catch (error) {
      results[name] = { ok: false, error: error.stack };
    }
  }
  process.stdout.write(JSON.stringify({ entries: await entries(), results }));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import type { Plugin } from 'vite';

/**
 * The demo's service worker, written by the build: the app shell (the page, its scripts,
 * styles and public files, every name the build made) is kept in a cache named after its
 * content and served from there, so a reload opens the app offline. Nothing else goes through
 * it: the API's requests (`/api/...`) reach the network or fail, and the app's offline
 * modules take over from there.
 */
function serviceWorker(shell: string[], cache: string): string {
  return `// Written by the build (serviceWorkerPlugin.ts): the app shell, served from the cache.
const CACHE = ${JSON.stringify(cache)};
const SHELL = ${JSON.stringify(shell)};

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (event) => {
  const old = (key) => key !== CACHE && caches.delete(key);
  event.waitUntil(caches.keys().then((keys) => Promise.all(keys.map(old))).then(() => self.clients.claim()));
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin || url.pathname.startsWith('/api/')) return;
  // One page: every route is a hash of '/', so a navigation is the page itself.
  const key = request.mode === 'navigate' ? '/' : url.pathname;
  if (!SHELL.includes(key)) return;
  event.respondWith(caches.match(key).then((hit) => hit ?? fetch(request)));
});
`;
}

/** Emits `sw.js` beside the built app (the app registers it in production builds). */
export function serviceWorkerPlugin(publicDir = 'public'): Plugin {
  return {
    name: 'bridgekit-demo-service-worker',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = [...Object.keys(bundle), ...readdirSync(publicDir)].filter(
        (f) => f !== 'sw.js',
      );
      const shell = ['/', ...files.map((file) => `/${file}`)].sort();
      const version = createHash('sha256').update(JSON.stringify(shell)).digest('hex').slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: serviceWorker(shell, `bridgekit-demo-${version}`),
      });
    },
  };
}

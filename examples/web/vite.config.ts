import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

// `@bridgekit/react` resolves through the workspace symlink to packages/react/dist, so the app
// runs on the built packages exactly as a user's app would (`npm start` builds them first).
// `npm run dev -w @bridgekit/example-web` proxies /api to a reference server on port 4000.
//
// The app shell: Workbox (through vite-plugin-pwa) writes a service worker into the build that
// precaches the page, its scripts, styles and icon, and answers every navigation with the page,
// so a reload without a connection opens the app. The API (`/api/...`) is never cached by it:
// the app's own offline modules (persistCache, offlineQueue) take over there.
export default defineConfig({
  plugins: [
    react(),
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      injectRegister: 'script-defer',
      manifest: false,
      workbox: {
        // The first visit's page is controlled as soon as the shell is cached, and a new build's
        // worker takes over at once: a reload offline right after the first visit works.
        clientsClaim: true,
        skipWaiting: true,
        globPatterns: ['**/*.{js,css,html,svg}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
      },
    }),
  ],
  server: { proxy: { '/api': 'http://127.0.0.1:4000' } },
  preview: { proxy: { '/api': 'http://127.0.0.1:4000' } },
});

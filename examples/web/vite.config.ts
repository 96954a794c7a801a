import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { serviceWorkerPlugin } from './serviceWorkerPlugin';

// `@bridgekit/react` resolves through the workspace symlink to packages/react/dist, so the app
// runs on the built packages exactly as a user's app would (`npm start` builds them first).
// `npm run dev -w @bridgekit/example-web` proxies /api to a reference server on port 4000.
export default defineConfig({
  plugins: [react(), serviceWorkerPlugin()],
  server: { proxy: { '/api': 'http://127.0.0.1:4000' } },
  preview: { proxy: { '/api': 'http://127.0.0.1:4000' } },
});

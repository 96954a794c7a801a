import { live } from '@bridgekit/core/live';
import { offlineQueue, persistCache } from '@bridgekit/core/offline';
import { BridgeProvider, useBridgeClient } from '@bridgekit/react';
import { type ReactNode, useLayoutEffect } from 'react';
import { RequestLog } from './components/RequestLog';
import { lifecycle } from './lifecycle';
import { AdminPage } from './pages/AdminPage';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage';
import { Layout } from './pages/Layout';
import { NotFoundPage } from './pages/NotFoundPage';
import { ProductFormPage } from './pages/ProductFormPage';
import { ProductsPage } from './pages/ProductsPage';
import { ResetPasswordPage } from './pages/ResetPasswordPage';
import { SecurityPage } from './pages/SecurityPage';
import { SignInPage } from './pages/SignInPage';
import { SignUpPage } from './pages/SignUpPage';
import { DemoDevtools } from './devtoolsSwitch';
import { keptDataOffline } from './keptDataOffline';
import { observeRequests } from './requestLog';
import { useRoute } from './router';

// Same origin as the app: `npm start` (vite preview) and `vite dev` proxy /api to the server.
// The auth lifecycle and cross-tab sync are opt-in modules: this demo uses the account flows,
// two-factor sign-in, refresh tokens, and keeps its tabs in step. It works offline too: the
// lists are kept on the device (persistCache) and edits made offline wait there (offlineQueue).
// A read, or a write with its Idempotency-Key, is tried once more after a failure a retry may
// cure (a 503, a dropped connection): the request log and the devtools show both attempts.
// An edit someone else's change overtook while offline merges by itself when the two touch
// different fields; the others wait for the user, both versions shown (PendingChanges).
// And live: what other people change shows without a reload (the server's change feed, one
// connection for all the tabs of the browser).
const config = {
  baseUrl: '/api',
  timeout: 10_000,
  retryAttempts: 1,
  lifecycle,
  offline: offlineQueue({ onConflict: 'merge' }),
  live: live(),
};
const persist = persistCache();
// Offline, what the device kept shows without a failure row under the offline banner.
const swr = { use: [keptDataOffline] };

function RequestLogListener() {
  const client = useBridgeClient();
  // A layout effect, so the log listens before SWR's first requests.
  useLayoutEffect(() => observeRequests(client), [client]);
  return null;
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The pages of a visitor without a session, outside the guarded layout. */
const PUBLIC_PAGES = new Map<string, () => ReactNode>([
  ['/login', () => <SignInPage />],
  ['/sign-up', () => <SignUpPage />],
  ['/forgot-password', () => <ForgotPasswordPage />],
  ['/reset-password', () => <ResetPasswordPage />],
]);

function Pages() {
  const { path } = useRoute();
  const open = PUBLIC_PAGES.get(path);
  // The guarded layout has a `main` of its own.
  if (open) return <main>{open()}</main>;
  const edit = /^\/products\/([^/]+)$/.exec(path);
  let page = <NotFoundPage path={path} />;
  if (path === '/' || path === '/products') page = <ProductsPage />;
  else if (path === '/admin') page = <AdminPage />;
  else if (path === '/security') page = <SecurityPage />;
  else if (path === '/products/new') page = <ProductFormPage />;
  // The id is written into the path encoded; a malformed escape is simply not a product.
  else if (edit) page = <ProductFormPage id={safeDecode(edit[1]!)} />;
  return <Layout>{page}</Layout>;
}

export function App() {
  return (
    <BridgeProvider config={config} persist={persist} swr={swr}>
      <DemoDevtools />
      <RequestLogListener />
      <div className="shell">
        <div className="content">
          <Pages />
        </div>
        <RequestLog />
      </div>
    </BridgeProvider>
  );
}

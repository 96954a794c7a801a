import { OfflineIndicator, type RedirectReason, useAuth, useAuthGuard } from '@bridgekit/react';
import { LiveBadge } from '../components/LiveBadge';
import { PendingChanges } from '../components/PendingChanges';
import type { ReactNode } from 'react';
import { setTryAnyway, useProductAccess } from '../productAccess';
import { navigate, useRoute } from '../router';

function onRedirect(path: string, reason: RedirectReason) {
  navigate(`${path}?reason=${reason}`);
}

/** An e-mail address that may wrap after its "@" on a narrow screen, not mid-word. */
function Breakable({ text }: { text: string }) {
  const at = text.indexOf('@');
  if (at === -1) return text;
  return (
    <>
      {text.slice(0, at + 1)}
      <wbr />
      {text.slice(at + 1)}
    </>
  );
}

/** The signed-in part of the app: redirects to the sign-in page when there is no valid session. */
export function Layout({ children }: { children: ReactNode }) {
  const guard = useAuthGuard({ loginRedirectPath: '/login', onRedirect });
  const { logout } = useAuth();
  const { path } = useRoute();
  const { offerWrite } = useProductAccess();

  if (guard.isLoading && !guard.isAuthorized) {
    return (
      <p className="muted" data-testid="guard-loading">
        Checking your session…
      </p>
    );
  }
  if (!guard.isAuthorized) return null;

  const signOut = async () => {
    await logout();
    setTryAnyway(false);
    navigate('/login');
  };
  const link = (to: string, label: string) => (
    <a href={`#${to}`} aria-current={path === to ? 'page' : undefined}>
      {label}
    </a>
  );

  return (
    <>
      <header className="topbar">
        <strong className="brand">Bridgekit demo</strong>
        <nav>
          {link('/products', 'Products')}
          {offerWrite && link('/products/new', 'New product')}
          {link('/admin', 'Admin')}
          {link('/security', 'Security')}
        </nav>
        <LiveBadge />
        <span className="user" data-testid="current-user">
          <Breakable text={guard.user?.email ?? guard.user?.userName ?? ''} />{' '}
          <span className="badge">{guard.user?.userType}</span>
        </span>
        <button type="button" onClick={signOut} data-testid="sign-out">
          Sign out
        </button>
      </header>
      <OfflineIndicator className="offline-banner" />
      <main>
        <PendingChanges />
        {children}
      </main>
    </>
  );
}

import { getServerSession } from '@bridgekit/nextjs/server';
import { redirect } from 'next/navigation';
import { LogoutButton } from '../../components/LogoutButton';
import { apiUrl } from '../../lib/apiUrl';

// Rendered per request on the server: the user's data is in the HTML.
export default async function AccountPage() {
  const session = await getServerSession(await apiUrl());
  // proxy.ts already guards this page; checking here too keeps the page safe on its own.
  if (!session?.user) redirect('/login?next=%2Faccount');
  const { user } = session;
  return (
    <>
      <h1 data-testid="account-name">Hello, {user.name ?? user.userName ?? user.email}</h1>
      <dl>
        <dt>E-mail</dt>
        <dd>{user.email}</dd>
        <dt>Type</dt>
        <dd>{user.userType}</dd>
        <dt>Session valid until</dt>
        <dd>{session.expiresAt}</dd>
      </dl>
      <LogoutButton />
    </>
  );
}

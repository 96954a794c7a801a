'use client';
import { useAuth } from '@bridgekit/nextjs';
import { useState } from 'react';

export function LogoutButton() {
  const { logout } = useAuth();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        // Clears the session locally (and its cookie) even if the API is unreachable.
        await logout();
        // A full load drops the App Router's client cache, which holds this user's pages.
        window.location.assign('/login');
      }}
    >
      Sign out
    </button>
  );
}

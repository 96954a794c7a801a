'use client';
import { useAuth } from '@bridgekit/nextjs';
import { useRouter } from 'next/navigation';
import { useState } from 'react';

export function LogoutButton() {
  const { logout } = useAuth();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        // Clears the session locally (and its cookie) even if the API is unreachable.
        await logout();
        router.replace('/login');
        router.refresh();
      }}
    >
      Sign out
    </button>
  );
}

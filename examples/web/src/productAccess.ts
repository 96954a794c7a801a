import { useAuth } from '@bridgekit/react';
import { useSyncExternalStore } from 'react';

/**
 * The user types the reference server lets write products (`access.write` of its demo data).
 * The UI only mirrors this rule to avoid offering what will fail; the server's 403 decides.
 */
export const PRODUCT_WRITERS: readonly string[] = ['admin', 'editor'];

// "Show the write actions anyway": lets a viewer see the server refuse and the app roll back.
let tryAnyway = false;
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Turns "show the write actions anyway" on or off (off again at sign-out). */
export function setTryAnyway(on: boolean): void {
  tryAnyway = on;
  for (const listener of listeners) listener();
}

/** What the signed-in user may do with products, and what the UI therefore offers. */
export interface ProductAccess {
  /** The user's type is one the server lets write products. */
  mayWrite: boolean;
  /** Offer New product, row editing, Save and Delete: `mayWrite`, or a viewer trying anyway. */
  offerWrite: boolean;
  /** A user who may not write asked to see the write actions anyway. */
  tryAnyway: boolean;
  /** The signed-in user's type, e.g. `'viewer'`. */
  userType: string;
}

/**
 * The products rule for the signed-in user, from `useAuth().user.userType`.
 *
 * @example
 * const { offerWrite } = useProductAccess();
 * return offerWrite ? <a href="#/products/new">New product</a> : null;
 */
export function useProductAccess(): ProductAccess {
  const { user } = useAuth();
  const anyway = useSyncExternalStore(subscribe, () => tryAnyway);
  const userType = user?.userType ?? '';
  const mayWrite = PRODUCT_WRITERS.includes(userType.toLowerCase());
  return { mayWrite, offerWrite: mayWrite || anyway, tryAnyway: anyway, userType };
}

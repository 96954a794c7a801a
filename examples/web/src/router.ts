import { useEffect, useState, useSyncExternalStore } from 'react';

/** The current hash route: `#/products/7?reason=x` -> { path: '/products/7', params }. */
export interface Route {
  path: string;
  params: URLSearchParams;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('hashchange', onChange);
  return () => window.removeEventListener('hashchange', onChange);
}

const getHash = () => window.location.hash;

function routeOf(hash: string): Route {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  return { path: path || '/', params: new URLSearchParams(query) };
}

/** A hash router in a few lines: the demo needs a few pages, not a routing library. */
export function useRoute(): Route {
  return routeOf(useSyncExternalStore(subscribe, getHash));
}

/** The route in the address bar now (for effects; components call `useRoute`). */
export function currentRoute(): Route {
  return routeOf(getHash());
}

export function navigate(path: string): void {
  window.location.hash = path;
}

/**
 * Puts `path` in the address bar without a history entry and without `hashchange`: for the
 * state a page keeps in its URL (a reload keeps it; Back leaves the page).
 */
export function replaceRoute(path: string): void {
  window.history.replaceState(window.history.state, '', `#${path}`);
}

/** Counts the navigations (`hashchange`) since the component mounted. */
export function useNavigationCount(): number {
  const [count, setCount] = useState(0);
  useEffect(() => {
    const onChange = () => setCount((n) => n + 1);
    window.addEventListener('hashchange', onChange);
    return () => window.removeEventListener('hashchange', onChange);
  }, []);
  return count;
}

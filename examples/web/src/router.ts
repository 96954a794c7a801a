import { useSyncExternalStore } from 'react';

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

/** A hash router in a few lines: the demo needs four pages, not a routing library. */
export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, getHash);
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?');
  return { path: path || '/', params: new URLSearchParams(query) };
}

export function navigate(path: string): void {
  window.location.hash = path;
}

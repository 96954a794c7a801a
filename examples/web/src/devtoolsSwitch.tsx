import { BridgeDevtools } from '@bridgekit/devtools/production';
import { useSyncExternalStore } from 'react';

/**
 * The Bridgekit devtools in the demo: off by default; on with the "Devtools" switch in the
 * request log, or with `?devtools` in the address (`http://127.0.0.1:5173/?devtools#/products`),
 * and remembered on this device. `npm start` serves a production build, where
 * `@bridgekit/devtools` renders nothing: the demo ships the panel on purpose from
 * `@bridgekit/devtools/production` (its panel's code still loads only when the button opens it).
 */
const KEY = 'bridgekit-demo-devtools';

let on = new URLSearchParams(window.location.search).has('devtools') || readKept();
const listeners = new Set<() => void>();

function readKept(): boolean {
  try {
    return window.localStorage.getItem(KEY) === 'on';
  } catch {
    return false;
  }
}

/** Turns the devtools on or off, for this device. */
export function setDevtools(next: boolean): void {
  on = next;
  try {
    if (next) window.localStorage.setItem(KEY, 'on');
    else window.localStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): on for this page only.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the devtools are on. */
export function useDevtoolsOn(): boolean {
  return useSyncExternalStore(subscribe, () => on);
}

/** The devtools' button and panel, while they are on. Inside the provider, before the app. */
export function DemoDevtools() {
  return useDevtoolsOn() ? <BridgeDevtools /> : null;
}

/**
 * The Queue tab's "Offline" switch on the web. The offline queue learns of the network through
 * its connectivity: in a browser, `browserConnectivity()`, which reads `navigator.onLine` and
 * listens to the window's `offline` and `online` events (SWR listens to the same events). The
 * switch tells the page it is offline through exactly those: `navigator.onLine` reads `false`
 * and an `offline` event fires; switched back, the page's own value returns and an `online`
 * event fires, so the queue replays. Requests are not blocked: the queue keeps the writes that
 * start while it believes it is offline, and reads still go out. A queue given another
 * connectivity (React Native's NetInfo) does not hear the switch.
 */

let simulated = false;

/**
 * Whether the switch has the page offline.
 *
 * @example
 * const offline = isSimulatedOffline();
 */
export function isSimulatedOffline(): boolean {
  return simulated;
}

/**
 * Has the page believe it is offline (`true`) or back to what the browser says (`false`).
 *
 * @example
 * setSimulatedOffline(true); // the queue keeps the next write
 * setSimulatedOffline(false); // and replays it
 */
export function setSimulatedOffline(offline: boolean): void {
  if (offline === simulated || typeof window === 'undefined') return;
  simulated = offline;
  if (offline) {
    // An own property over the prototype's getter; deleting it gives the browser's back.
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
  } else {
    delete (navigator as { onLine?: boolean }).onLine;
  }
  window.dispatchEvent(new Event(offline ? 'offline' : 'online'));
}

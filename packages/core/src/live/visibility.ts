/**
 * Whether the app is shown, and when that changes: the browser's is here (`document.visibilityState`
 * and its `visibilitychange` event). The live module lets go of the feed while a tab is hidden.
 */

/**
 * A platform's view of whether the app is shown.
 *
 * @example
 * const alwaysShown: Visibility = { isVisible: () => true, subscribe: () => () => {} };
 */
export interface Visibility {
  /** Whether the app is shown now (unknown counts as shown). */
  isVisible(): boolean;
  /** Calls `listener` with the new state when it changes; returns the unsubscribe. */
  subscribe(listener: (visible: boolean) => void): () => void;
}

/**
 * The browser's visibility: `document.visibilityState` and `visibilitychange`. Where there is
 * no document (a server, React Native, Node) it is always shown and never changes.
 *
 * @example
 * const shown = browserVisibility();
 * const stop = shown.subscribe((visible) => console.log(visible ? 'shown' : 'hidden'));
 */
export function browserVisibility(): Visibility {
  const page = typeof document === 'undefined' ? undefined : document;
  const isVisible = () => page?.visibilityState !== 'hidden';
  return {
    isVisible,
    subscribe(listener) {
      if (typeof page?.addEventListener !== 'function') return () => {};
      const changed = () => listener(isVisible());
      page.addEventListener('visibilitychange', changed);
      return () => page.removeEventListener('visibilitychange', changed);
    },
  };
}

/**
 * A query's place in the live module of its instance: while a hook shows its key, the hook's
 * `live` option marks it (`true`: it follows; `false`: it does not), and a table that counts
 * new rows holds it. Nothing of it runs for an instance without the live module.
 */
import type { Live, LiveNewRows } from '@bridgekit/core/live';
import { useContext, useEffect, useRef, useState } from 'react';
import { BridgeContext } from './BridgeContext';

/** The live module of an instance of the provider above, when the app gave it one. */
export function useLiveOf(instanceId: string): Live | undefined {
  return useContext(BridgeContext)?.instances[instanceId]?.live;
}

/** The error of a hook that asks for the live module of an instance that has none. */
export function noLiveModule(hookName: string, instanceId: string): Error {
  return new Error(
    `${hookName}(): instance "${instanceId}" has no live module (add live: live() from '@bridgekit/core/live' to its config)`,
  );
}

/**
 * Marks the query of `key` (SWR's serialized key, `null` while it waits) as following the
 * instance's live module or not, while the hook shows it. `undefined` leaves it to the module's
 * `queries` option.
 *
 * @throws Error for `live: true` on an instance without the live module
 */
export function useLiveQuery(
  hookName: string,
  instanceId: string,
  key: string | null,
  live: boolean | undefined,
): void {
  const feed = useLiveOf(instanceId);
  if (live === true && !feed) throw noLiveModule(hookName, instanceId);
  useEffect(
    () => (feed && key !== null && live !== undefined ? feed.follow(key, live) : undefined),
    [feed, key, live],
  );
}

/** What a table shows of the records created since its list was fetched. */
export interface LiveNewRowsState {
  /** Records created since the list shown was fetched (0 at first and after `show`). */
  count: number;
  /** Fetches the list again, with them: the count goes back to 0. */
  show(): void;
}

/**
 * Holds the list of `key` while `enabled`: created records are counted instead of fetched, until
 * the list is fetched again (`validating` back to `false`: a mutation's revalidation, a move, or
 * `show()`), which brings them. `undefined` when not enabled or without a live module.
 */
export function useLiveNewRows(
  instanceId: string,
  key: string | null,
  enabled: boolean,
  list: { refetch(): Promise<void>; readonly isValidating: boolean },
): LiveNewRowsState | undefined {
  const feed = useLiveOf(instanceId);
  const [counted, setCounted] = useState({ key, count: 0 });
  const held = useRef<LiveNewRows | undefined>(undefined);
  useEffect(() => {
    if (!enabled || !feed || key === null) return undefined;
    const hold = feed.countNew(key, (count) => setCounted({ key, count }));
    held.current = hold;
    return () => {
      hold.release();
      if (held.current === hold) held.current = undefined;
    };
  }, [feed, key, enabled]);
  // Read only while holding: reading it re-renders on every revalidation.
  const validating = enabled && feed !== undefined && list.isValidating;
  useEffect(() => {
    if (!validating) held.current?.show();
  }, [validating]);
  if (!enabled || !feed) return undefined;
  return {
    // Another list (a page, a sort) starts at 0.
    count: counted.key === key ? counted.count : 0,
    show() {
      held.current?.show();
      void list.refetch();
    },
  };
}

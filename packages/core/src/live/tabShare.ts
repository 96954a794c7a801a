/**
 * One connection per browser: the tabs of an origin that follow the same feed as the same user
 * share one connection. The tab holding the Web Lock `name` leads (opens the connection) and
 * posts what it brings on the `BroadcastChannel` of the same name; the other tabs hear it there.
 * A lock is let go when its tab closes or crashes, and a waiting tab takes over. Where either
 * API is missing (an older browser, React Native), and outside a page (Node, a worker), there is
 * no sharing: each module has its own connection.
 */

interface LockManager {
  request(
    name: string,
    options: { signal: AbortSignal },
    task: () => Promise<void> | undefined,
  ): Promise<void>;
}

/** What a tab does in the share. */
export interface TabRoles {
  /** This tab got the lock: it opens the connection. Returns what closes it. */
  lead(): () => void;
  /** A message another tab posted. */
  hear(message: unknown): void;
}

/** A tab's place in the share. */
export interface TabShare {
  /**
   * `true`: this tab wants the connection (it is shown and online) and waits for the lock;
   * `false`: it lets go (stopping its lead) or stops waiting.
   */
  compete(wanted: boolean): void;
  /** Posts to the other tabs. */
  post(message: unknown): void;
  /** Leaves the share: lets go of the lock and closes the channel. */
  close(): void;
}

/** One wait for the lock, and the lead once it is granted. */
interface Bid {
  readonly controller: AbortController;
  release?: () => void;
  stopLead?: () => void;
}

/**
 * Joins the tabs sharing `name`, or `undefined` where they cannot be shared (no page, no Web
 * Locks or no `BroadcastChannel`).
 *
 * @example
 * const share = joinTabs('bridgekit:live:https://api.example.com|42', { lead: connect, hear });
 * share?.compete(document.visibilityState === 'visible');
 */
export function joinTabs(name: string, roles: TabRoles): TabShare | undefined {
  const scope = globalThis as { navigator?: { locks?: LockManager }; document?: unknown };
  const locks = scope.navigator?.locks;
  // Tabs are a browser's: Node (which has both APIs from version 22 on) keeps one per module.
  if (
    scope.document === undefined ||
    typeof locks?.request !== 'function' ||
    typeof BroadcastChannel !== 'function'
  ) {
    return undefined;
  }
  const channel = new BroadcastChannel(name);
  channel.onmessage = (event) => roles.hear(event.data);
  let bid: Bid | undefined;

  const letGo = () => {
    const current = bid;
    if (!current) return;
    // First: a lead that stops may ask to let go again.
    bid = undefined;
    current.controller.abort();
    current.stopLead?.();
    current.release?.();
  };

  return {
    compete(wanted) {
      if (!wanted) return letGo();
      if (bid) return;
      const current: Bid = { controller: new AbortController() };
      bid = current;
      locks
        .request(name, { signal: current.controller.signal }, () => {
          // Let go of meanwhile: hand the lock straight on.
          if (bid !== current) return undefined;
          current.stopLead = roles.lead();
          return new Promise<void>((resolve) => {
            current.release = resolve;
          });
        })
        // Aborted while it waited: nothing was held.
        .catch(() => {});
    },
    post(message) {
      channel.postMessage(message);
    },
    close() {
      letGo();
      channel.close();
    },
  };
}

/**
 * The deletions a client made itself. When the feed tells of one (it may come before or after
 * the `DELETE`'s own answer: two connections), the record's own queries are not asked again:
 * the answer could only be a 404, and the code that deleted it already knows, as a deletion
 * through the hooks never asks for its record again.
 */
import type { Middleware } from '../contract/http';

/** What a client deleted itself. */
export interface OwnDeletes {
  /** The middleware that sees the client's requests (`client.use`). */
  readonly middleware: Middleware;
  /**
   * Whether this client deletes (or deleted) the record `id` of `resource` itself: once per
   * deletion, the feed's event of it.
   */
  tookBack(resource: string, id: string): boolean;
}

/** Deletions remembered until their event comes; the oldest goes first (one whose event never comes). */
const MAX_REMEMBERED = 50;

/** The path of a URL (percent-encoded, as sent), without a trailing slash. */
function pathOf(url: string): string {
  try {
    return new URL(url).pathname.replace(/\/+$/, '');
  } catch {
    return url;
  }
}

/**
 * A tracker of the `DELETE`s a client sends: in flight, or applied and not yet heard of.
 *
 * @example
 * const own = trackOwnDeletes();
 * const remove = client.use(own.middleware);
 * await client.delete('/products/7');
 * own.tookBack('products', '7'); // true, once
 */
export function trackOwnDeletes(): OwnDeletes {
  // Paths, oldest first, with how many deletions of each wait for their event.
  const paths = new Map<string, number>();
  const forget = (path: string) => {
    const left = (paths.get(path) ?? 1) - 1;
    if (left > 0) paths.set(path, left);
    else paths.delete(path);
  };
  return {
    async middleware(request, next) {
      if (request.method !== 'DELETE') return next();
      const path = pathOf(request.url);
      paths.set(path, (paths.get(path) ?? 0) + 1);
      if (paths.size > MAX_REMEMBERED) paths.delete(paths.keys().next().value!);
      const answer = await next();
      // Refused or not sent: no event will tell of it.
      if (!answer.success) forget(path);
      return answer;
    },
    tookBack(resource, id) {
      const tail = `/${resource}/${encodeURIComponent(id)}`;
      for (const path of paths.keys()) {
        if (path.endsWith(tail)) {
          forget(path);
          return true;
        }
      }
      return false;
    },
  };
}

import { type QueuedWrite, useOfflineQueue } from '@bridgekit/react';
import { useQueuedProduct } from '../queuedProduct';
import type { Product } from '../types';

const describe = (write: QueuedWrite) => {
  const name = (write.body as { name?: unknown } | undefined)?.name;
  return `${write.method} ${write.endpoint}${typeof name === 'string' ? ` (“${name}”)` : ''}`;
};

/**
 * The changes made offline that wait to be sent, and those the server refused, with Retry and
 * Discard: what could not be applied stays in the user's hands.
 */
export function PendingChanges() {
  const { pending, failed, retry, discard } = useOfflineQueue();
  if (pending.length === 0 && failed.length === 0) return null;
  return (
    <section className="card pending-changes" data-testid="pending-changes">
      {pending.length > 0 && (
        <>
          <h2>Waiting to be sent</h2>
          <ul>
            {pending.map((write) => (
              <li key={write.id} data-testid="pending-write">
                {describe(write)}
                {write.error && <span className="muted"> · last try: {write.error}</span>}
              </li>
            ))}
          </ul>
        </>
      )}
      {failed.length > 0 && (
        <>
          <h2>Could not be sent</h2>
          <ul>
            {failed.map((write) => (
              <li key={write.id} data-testid="failed-write">
                {describe(write)}: <span className="error">{write.error}</span>{' '}
                <button type="button" className="link" onClick={() => void retry(write.id)}>
                  Retry
                </button>{' '}
                <button
                  type="button"
                  className="link danger"
                  onClick={() => void discard(write.id)}
                >
                  Discard
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

/** "pending" beside a product with a change waiting to be sent. */
export function PendingMark({ product }: { product: Product }) {
  if (!useQueuedProduct(product).pending) return null;
  return (
    <span className="badge pending" data-testid="pending-mark">
      pending
    </span>
  );
}

import { type LiveEvent, useAuth, useLiveEvent } from '@bridgekit/react';
import { useState } from 'react';

/** How many changes the panel keeps. */
const KEPT = 8;

const describe = (event: LiveEvent) =>
  event.type === 'reset'
    ? `reset (${event.reason}): everything asked again`
    : `${event.type} ${event.resource}/${event.id}`;

/** The changes of the signed-in user's feed, newest first: what made the pages change. */
function Changes() {
  const [changes, setChanges] = useState<Array<{ n: number; text: string }>>([]);
  useLiveEvent((event) =>
    setChanges((kept) =>
      [{ n: (kept[0]?.n ?? 0) + 1, text: describe(event) }, ...kept].slice(0, KEPT),
    ),
  );
  return (
    <section className="live-changes" aria-label="Live changes">
      <h2>Live changes</h2>
      {changes.length === 0 && <p className="muted">None yet: edits by others show here.</p>}
      <ol>
        {changes.map((change) => (
          <li key={change.n} data-testid="live-change">
            {change.text}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The live changes panel; another user (or nobody) starts with an empty one. */
export function LiveActivity() {
  const { user } = useAuth();
  return <Changes key={user?.id ?? ''} />;
}

import { setTryAnyway, useProductAccess } from '../productAccess';

/**
 * Tells a user whose type may not write products why there is no New product, Save or Delete,
 * and lets them show those anyway to watch the server refuse (403) and the app roll back.
 */
export function ReadOnlyNotice() {
  const { mayWrite, tryAnyway, userType } = useProductAccess();
  if (mayWrite) return null;
  return (
    <div className="notice" role="note" data-testid="read-only-notice">
      <p>
        Signed in as <strong>{userType}</strong>: products are read-only for you, so the app offers
        no New product, editing or Delete. The server decides in the end: it answers{' '}
        <code>403</code> to a {userType}'s write.
      </p>
      <label className="check">
        <input
          type="checkbox"
          checked={tryAnyway}
          onChange={(event) => setTryAnyway(event.target.checked)}
          data-testid="try-anyway"
        />
        Show the write actions anyway, to see the server refuse and the app roll back
      </label>
    </div>
  );
}

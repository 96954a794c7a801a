import { clearRequestLog, type LogEntry, useRequestLog } from '../requestLog';
import { LiveActivity } from './LiveActivity';

function statusClass({ status, aborted, queued }: LogEntry) {
  if (aborted) return 'aborted';
  if (queued) return 'queued';
  if (status === undefined) return 'pending';
  if (status >= 200 && status < 300) return 'ok';
  return 'fail';
}

/** The requests the client sent, newest first, as its interceptors saw them. */
export function RequestLog() {
  const { entries, lastFailure } = useRequestLog();
  return (
    <aside className="request-log" aria-label="Request log" data-testid="request-log">
      <div className="log-head">
        <h2>Request log</h2>
        <button type="button" className="link" onClick={clearRequestLog}>
          Clear
        </button>
      </div>
      {lastFailure && (
        <p className="last-failure" data-testid="last-failure">
          Last failure at{' '}
          <time dateTime={lastFailure.at.toISOString()}>{lastFailure.at.toLocaleTimeString()}</time>
          : {lastFailure.method} <code>{lastFailure.url}</code> → {lastFailure.status}{' '}
          {lastFailure.code} {lastFailure.error}
        </p>
      )}
      {entries.length === 0 && <p className="muted">No requests yet.</p>}
      <ol>
        {entries.map((entry) => (
          <li key={entry.id} data-testid="log-entry">
            <span className="method">{entry.method}</span>
            <span className={`status ${statusClass(entry)}`}>
              {entry.aborted || entry.queued ? statusClass(entry) : (entry.status ?? '…')}
            </span>
            <code className="url" title={entry.rawUrl}>
              {entry.url}
            </code>
          </li>
        ))}
      </ol>
      <LiveActivity />
    </aside>
  );
}

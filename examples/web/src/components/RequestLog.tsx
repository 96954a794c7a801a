import { setDevtools, useDevtoolsOn } from '../devtoolsSwitch';
import { clearRequestLog, type LogEntry, useRequestLog } from '../requestLog';
import { LiveActivity } from './LiveActivity';

function statusClass({ status, aborted, queued }: LogEntry) {
  if (aborted) return 'aborted';
  if (queued) return 'queued';
  if (status === undefined) return 'pending';
  if (status >= 200 && status < 300) return 'ok';
  return 'fail';
}

/** The URL of an entry; opened, the headers that left and why the client tried again. */
function Details({ entry }: { entry: LogEntry }) {
  const url = (
    <code className="url" title={entry.rawUrl}>
      {entry.url}
    </code>
  );
  const headers = Object.entries(entry.headers);
  if (headers.length === 0) return url;
  return (
    <details className="log-details">
      <summary>
        {url}
        {entry.attempts > 1 && <span className="attempts"> · {entry.attempts} attempts</span>}
      </summary>
      {entry.retries.length > 0 && (
        <p className="muted">Retried after {entry.retries.join(', then ')}.</p>
      )}
      <dl>
        {headers.map(([name, value]) => (
          <div key={name}>
            <dt className="header-name">{name}</dt>
            <dd className="header-value">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

/**
 * The calls the client made, newest first, as its event stream tells them: each request as it
 * left (open one for its headers), its attempts, and its answer.
 */
export function RequestLog() {
  const { entries, lastFailure } = useRequestLog();
  const devtools = useDevtoolsOn();
  return (
    <aside className="request-log" aria-label="Request log" data-testid="request-log">
      <div className="log-head">
        <h2>Request log</h2>
        <span className="log-actions">
          <button
            type="button"
            className="link"
            aria-pressed={devtools}
            onClick={() => setDevtools(!devtools)}
          >
            Devtools
          </button>
          <button type="button" className="link" onClick={clearRequestLog}>
            Clear
          </button>
        </span>
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
            <Details entry={entry} />
          </li>
        ))}
      </ol>
      <LiveActivity />
    </aside>
  );
}

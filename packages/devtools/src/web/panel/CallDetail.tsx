/**
 * One call in detail: the URL that went out beside the query as written, its attempts with their
 * timings, retries with their reasons and waits, redirects, the request's headers and body, and
 * the answer; "Copy as cURL".
 */
import { type ReactNode, useState } from 'react';
import { toCurl } from '../../export/curl';
import { clock, duration, pretty } from '../../format';
import type { RecordedCall } from '../../record/recorderState';
import { copyText } from './exportFile';
import * as styles from './styles';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title}>
      <h3 style={styles.heading}>{title}</h3>
      {children}
    </section>
  );
}

function Table({ head, rows }: { head: string[]; rows: ReactNode[][] }) {
  return (
    <table>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((cells, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: rows of a finished list never move
          <tr key={index}>
            {cells.map((cell, at) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: columns never move
              <td key={at}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Headers({ headers }: { headers: Readonly<Record<string, string>> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return <p style={styles.muted}>None</p>;
  return (
    <Table
      head={['Name', 'Value']}
      rows={entries.map(([name, value]) => [name, <code key={name}>{value}</code>])}
    />
  );
}

function CopyCurl({ call }: { call: RecordedCall }) {
  const [said, setSaid] = useState('');
  const command = toCurl(call);
  if (command === undefined) return null;
  const copy = async () => {
    setSaid((await copyText(command)) ? 'Copied as cURL' : 'The clipboard refused: copy it below');
  };
  return (
    <div>
      <button type="button" onClick={copy}>
        Copy as cURL
      </button>{' '}
      <span role="status">{said}</span>
      {said.startsWith('The clipboard') && (
        <textarea readOnly aria-label="cURL command" value={command} rows={4} cols={60} />
      )}
    </div>
  );
}

/**
 * One call in detail. Internal: part of the Requests tab.
 *
 * @example
 * <CallDetail call={call} />
 */
export function CallDetail({ call }: { call: RecordedCall }): ReactNode {
  const { request, response } = call;
  const answer = response?.response;
  return (
    <article aria-label={`Call ${call.callId}`}>
      <Section title="Request">
        {request ? (
          <>
            <p>
              <strong>{request.method}</strong> <code>{request.url}</code>
            </p>
            {request.query !== undefined && (
              <p>
                <span style={styles.muted}>Query as written: </span>
                <code>{request.query}</code>
              </p>
            )}
            {call.sends > 1 && <p style={styles.muted}>Sent {call.sends} times (replayed).</p>}
            <p style={styles.muted}>Started {clock(call.startedAt)}</p>
          </>
        ) : (
          <p style={styles.muted}>Its request was not recorded.</p>
        )}
        <CopyCurl call={call} />
      </Section>
      <Section title="Attempts">
        {call.attempts.length === 0 ? (
          <p style={styles.muted}>None finished yet.</p>
        ) : (
          <Table
            head={['#', 'Status', 'Time', 'Ended']}
            rows={call.attempts.map((a) => [
              a.attempt,
              a.status === 0 ? '0 (no answer)' : a.status,
              duration(a.durationMs),
              clock(a.time),
            ])}
          />
        )}
      </Section>
      {call.retries.length > 0 && (
        <Section title="Retries">
          <Table
            head={['Reason', 'Waited']}
            rows={call.retries.map((r) => [String(r.reason), duration(r.delayMs)])}
          />
        </Section>
      )}
      {call.redirects.length > 0 && (
        <Section title="Redirects">
          <Table
            head={['Status', 'From', 'To', 'Session']}
            rows={call.redirects.map((r) => [
              r.status,
              r.from,
              r.to,
              r.sessionDropped ? 'dropped (other origin)' : 'kept',
            ])}
          />
        </Section>
      )}
      {request && (
        <Section title="Request headers">
          <Headers headers={request.headers} />
        </Section>
      )}
      {request?.body && (
        <Section title="Request body">
          <p style={styles.muted}>
            {request.body.kind}
            {request.body.bytes !== undefined && `, ${request.body.bytes} bytes`}
            {request.body.secret && ', secret: not shown'}
          </p>
          {request.body.value !== undefined && <pre>{pretty(request.body.value)}</pre>}
        </Section>
      )}
      <Section title="Response">
        {answer ? (
          <>
            <p>
              <strong style={{ color: styles.statusColor(answer.status) }}>
                {answer.status === 0 ? `0 ${answer.code ?? ''}` : answer.status}
              </strong>{' '}
              {answer.success ? 'success' : answer.error} · {duration(response.durationMs)}
            </p>
            {answer.data !== undefined && <pre>{pretty(answer.data)}</pre>}
          </>
        ) : (
          <p style={styles.muted}>In flight.</p>
        )}
      </Section>
    </article>
  );
}

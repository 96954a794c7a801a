import {
  type ConflictChoice,
  type QueuedConflict,
  useBridgeApi,
  useBridgeMutation,
  useOfflineQueue,
} from '@bridgekit/react';
import type { ReactNode } from 'react';
import { productsEntity } from '../products';
import { formatPrice, type Product } from '../types';

type Fields = Record<string, unknown>;

const fieldsOf = (value: unknown): Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Fields) : {};
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** A product field's value as the form shows it. */
function shown(field: string, value: unknown): string {
  if (value === undefined || value === null) return '—';
  if (field === 'price') return formatPrice(value);
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return String(value);
}

/**
 * "Keep mine": the user's values for the fields they changed (against the record as they saw
 * it, `base`), the other person's for every other field, so that nobody's change to another
 * field is lost. Without `base` (or for a delete), the user's write as it was.
 */
function mineOverTheirs(conflict: QueuedConflict): ConflictChoice {
  if (conflict.method === 'DELETE' || conflict.base === undefined) return 'mine';
  const base = fieldsOf(conflict.base);
  const merged = { ...fieldsOf(conflict.theirs) };
  for (const [field, value] of Object.entries(fieldsOf(conflict.body))) {
    if (!same(value, base[field])) merged[field] = value;
  }
  return merged;
}

/** The user's change and the server's record, field by field, the fields that differ marked. */
function BothVersions({ mine, theirs }: { mine: Fields; theirs: Fields }) {
  const fields = Object.keys(mine).filter((field) => field !== 'id');
  return (
    <table className="versions" data-testid="both-versions">
      <caption className="muted">Your change and theirs, field by field</caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Yours</th>
          <th scope="col">Theirs</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((field) => {
          const differs = !same(mine[field], theirs[field]);
          return (
            <tr key={field} className={differs ? 'differs' : undefined} data-field={field}>
              <th scope="row">
                {field}
                {differs && <span className="badge differs">differs</span>}
              </th>
              <td data-testid="mine">{shown(field, mine[field])}</td>
              <td data-testid="theirs">{shown(field, theirs[field])}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/**
 * A write the server refused on replay because someone else changed (or deleted) the product
 * while this user was offline: both versions side by side, and the user's choice. Conflicts on
 * different fields never get here: the queue merges them (`onConflict: 'merge'`, App.tsx).
 */
export function ConflictView({ conflict }: { conflict: QueuedConflict }) {
  const { resolve } = useOfflineQueue();
  const products = useBridgeApi<Product>(productsEntity);
  const { mutate: create } = useBridgeMutation(products, 'create');
  const mine = fieldsOf(conflict.body);
  const theirs = conflict.theirs === null ? null : fieldsOf(conflict.theirs);
  const name = String(theirs?.name ?? mine.name ?? fieldsOf(conflict.base).name ?? '');
  const actions = (children: ReactNode) => <div className="actions">{children}</div>;

  const createAgain = async () => {
    const { id: _gone, ...values } = { ...fieldsOf(conflict.base), ...mine };
    const result = await create({ data: values as Partial<Product> });
    // Created (or kept to be sent later): the refused change is settled.
    if (result.success || result.queued) await resolve(conflict.id, 'theirs');
  };

  if (theirs === null) {
    return (
      <article className="conflict" data-testid="conflict" aria-label={`Conflict on “${name}”`}>
        <h3>Deleted by someone else while you were offline: “{name}”</h3>
        <p>Your change to it was not applied.</p>
        {actions(
          <>
            <button type="button" onClick={() => void createAgain()}>
              Create it again with my values
            </button>
            <button
              type="button"
              className="secondary"
              onClick={() => void resolve(conflict.id, 'theirs')}
            >
              Leave it deleted
            </button>
          </>,
        )}
      </article>
    );
  }
  return (
    <article className="conflict" data-testid="conflict" aria-label={`Conflict on “${name}”`}>
      <h3>Changed by someone else while you were offline: “{name}”</h3>
      {conflict.method === 'DELETE' ? (
        <p>You deleted it; they changed it meanwhile.</p>
      ) : (
        <BothVersions mine={mine} theirs={theirs} />
      )}
      {actions(
        <>
          <button type="button" onClick={() => void resolve(conflict.id, mineOverTheirs(conflict))}>
            {conflict.method === 'DELETE' ? 'Delete it anyway' : 'Keep mine'}
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => void resolve(conflict.id, 'theirs')}
          >
            Keep theirs
          </button>
        </>,
      )}
    </article>
  );
}

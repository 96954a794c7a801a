/**
 * The third argument of `new QueryBuilder`: the wire format of its query, given as a
 * serializer, as a dialect's query part, or as a whole dialect (what `client.query()` passes),
 * whose lists part then reads what `get()` answers.
 */
import type { Dialect, DialectQuery } from '../contract/dialect';
import type { QuerySerializer } from '../contract/query';
import { bracketSerializer } from './serializer';

/** What the builder writes its query with, and the dialect its `get()` reads a list through. */
export interface QueryFormat {
  serializer: DialectQuery;
  dialect?: Dialect;
}

/**
 * The serializer and dialect of the builder's third argument: a serializer has `key()` and
 * `serialize()`; a dialect has a `name`, and its query part (else `bracketSerializer`) writes
 * the query. Anything else is a `TypeError`.
 *
 * @example
 * queryFormat(jsonServer({ version: 1 })); // { serializer: <its query part>, dialect: <it> }
 * queryFormat(bracketSerializer); // { serializer: bracketSerializer }
 */
export function queryFormat(format: QuerySerializer | DialectQuery | Dialect): QueryFormat {
  const dialect =
    typeof format === 'object' && format !== null && !('serialize' in format) && 'name' in format
      ? format
      : undefined;
  const serializer: DialectQuery = dialect
    ? (dialect.query ?? bracketSerializer)
    : (format as DialectQuery);
  if (typeof serializer?.key !== 'function' || typeof serializer.serialize !== 'function') {
    throw new TypeError(
      'QueryBuilder: serializer must have key() and serialize() methods, or be a Dialect',
    );
  }
  if (serializer.check !== undefined && typeof serializer.check !== 'function') {
    throw new TypeError('QueryBuilder: serializer.check must be a function');
  }
  return { serializer, dialect };
}

import { HttpError } from './HttpError';
import type { FieldSpec } from './types';

/**
 * Turns a query-string value into the field's type, or throws a 400 naming the field.
 * Dates become epoch milliseconds so they compare as numbers.
 *
 * @example
 * coerceValue('price', { type: 'number' }, '9.5'); // 9.5
 * coerceValue('price', { type: 'number' }, 'abc'); // throws HttpError 400
 */
export function coerceValue(
  field: string,
  spec: FieldSpec,
  raw: string,
): string | number | boolean {
  switch (spec.type) {
    case 'number':
    case 'integer': {
      const n = raw.trim() === '' ? Number.NaN : Number(raw);
      if (!Number.isFinite(n))
        throw new HttpError(400, `Value "${raw}" of "${field}" is not a number`);
      return n;
    }
    case 'boolean': {
      if (raw === 'true' || raw === '1') return true;
      if (raw === 'false' || raw === '0') return false;
      throw new HttpError(400, `Value "${raw}" of "${field}" is not a boolean (true/false)`);
    }
    case 'date': {
      const t = Date.parse(raw);
      if (Number.isNaN(t)) throw new HttpError(400, `Value "${raw}" of "${field}" is not a date`);
      return t;
    }
    default:
      return raw;
  }
}

/**
 * A stored value in the form `coerceValue` produces, so both sides compare alike;
 * `null` for missing values and unparsable dates.
 *
 * @example
 * comparable({ type: 'date' }, '2024-01-01'); // 1704067200000
 */
export function comparable(spec: FieldSpec, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (spec.type === 'date') {
    const t =
      typeof value === 'string' || typeof value === 'number'
        ? Date.parse(String(value))
        : Number.NaN;
    return Number.isNaN(t) ? null : t;
  }
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return value;
  return JSON.stringify(value);
}

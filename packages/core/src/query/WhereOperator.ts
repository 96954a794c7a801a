/**
 * The operator argument of the query builder's `where(field, operator, value)`.
 */
import type { OperatorName } from './operators';

/**
 * An operator name for `where(field, operator, value)`: a known name or a custom one.
 *
 * @example
 * const op: WhereOperator = 'gte';
 * client.query('/products').where('price', op, 10); // price[gte]=10
 */
export type WhereOperator =
  | OperatorName
  | 'inOp'
  | 'notIn'
  | 'isNull'
  | 'isNotNull'
  | (string & {});

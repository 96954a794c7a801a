/**
 * `value` when it is one of `allowed`, else a `TypeError` naming the argument and listing what
 * it may be. Internal: the one wording (and code) of the hooks' choice checks.
 *
 * @example
 * oneOf('direction', 'up', ['asc', 'desc']); // TypeError: direction must be one of asc, desc, got up
 */
export function oneOf<T>(name: string, value: unknown, allowed: readonly T[]): T {
  if (!allowed.includes(value as T)) {
    throw new TypeError(`${name} must be one of ${allowed.join(', ')}, got ${String(value)}`);
  }
  return value as T;
}

/**
 * Escapes LIKE's wildcards in `text` so that it matches literally: `%` and `_`, and the escape
 * character `\` itself. The reference server reads `\%`, `\_` and `\\` as the plain character
 * (SQL's `LIKE … ESCAPE '\'`, PostgreSQL's default).
 *
 * @example
 * escapeLike('50%_off'); // '50\\%\\_off'
 */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * The `ilike` pattern of the search panel's "contains": `text` anywhere in the value.
 * `like`/`ilike` compare the whole value, so without the `%` around it they are exact matches.
 *
 * @example
 * containsPattern('desk'); // '%desk%'
 */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/**
 * The pagination facts some backends send in headers rather than the body: `X-Total-Count`,
 * `Content-Range` and `Link`. Read by the default list mapping and by dialects.
 */

function count(text: string | null | undefined): number | undefined {
  if (text == null || !/^\s*\d+\s*$/.test(text)) return undefined;
  return Number(text);
}

/**
 * `X-Total-Count` as a number; `undefined` when absent or not a count.
 *
 * @example
 * totalCountHeader(res.headers); // 42
 */
export function totalCountHeader(headers: Headers | undefined): number | undefined {
  return count(headers?.get('x-total-count'));
}

/** A parsed `Content-Range` (`0-9/42`, `items 0-9/*`, `*\/0`). */
export interface ContentRange {
  start?: number;
  end?: number;
  total?: number;
}

/**
 * `Content-Range` as `{ start, end, total }`; `total` absent for `/*`.
 *
 * @example
 * contentRangeHeader(new Headers({ 'content-range': '0-9/42' })); // { start: 0, end: 9, total: 42 }
 */
export function contentRangeHeader(headers: Headers | undefined): ContentRange | undefined {
  const match = /^\s*(?:[a-z]+\s+)?(?:(\d+)-(\d+)|\*)\/(\d+|\*)\s*$/i.exec(
    headers?.get('content-range') ?? '',
  );
  if (!match) return undefined;
  const [, start, end, total] = match;
  return {
    ...(start !== undefined && { start: Number(start), end: Number(end) }),
    ...(total !== '*' && { total: Number(total) }),
  };
}

/**
 * The URL of a `Link` header relation (`<https://h/x?page=3>; rel="next"`).
 *
 * @example
 * linkHeader(res.headers, 'next'); // 'https://h/x?page=3'
 */
export function linkHeader(headers: Headers | undefined, rel: string): string | undefined {
  for (const part of (headers?.get('link') ?? '').split(/,(?=\s*<)/)) {
    const match = /<([^>]*)>(.*)/.exec(part);
    const rels = /;\s*rel\s*=\s*"?([^";]+)"?/i.exec(match?.[2] ?? '')?.[1];
    if (match && rels?.split(/\s+/).includes(rel)) return match[1];
  }
  return undefined;
}

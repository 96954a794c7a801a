import { slugify } from './slugify.mjs';

/**
 * The text a reader sees in a heading's Markdown: links by their text, no code backticks,
 * emphasis stars or backslash escapes.
 *
 * @example
 * headingText('The [`where`](./queries.md) call') // 'The where call'
 */
export function headingText(markdown) {
  return markdown
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .replace(/\\(.)/g, '$1')
    .trim();
}

/**
 * The anchors of every heading of a Markdown page, as the site and GitHub write them: the slug
 * of the heading's text, a repeated one suffixed `-1`, `-2`… Headings inside fenced code are
 * not headings.
 *
 * @example
 * anchorsOf('# Setup\n## Next.js\n## Next.js\n') // Set { 'setup', 'nextjs', 'nextjs-1' }
 */
export function anchorsOf(markdown) {
  const anchors = new Set();
  let fence = null;
  for (const line of markdown.split(/\r?\n/)) {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence === null) {
      if (marker) fence = marker;
    } else if (
      marker?.[0] === fence[0] &&
      marker.length >= fence.length &&
      /^\s*[`~]+\s*$/.test(line)
    ) {
      fence = null;
      continue;
    }
    if (fence !== null) continue;
    const heading = /^#{1,6}\s+(.+?)(?:\s+#+)?\s*$/.exec(line);
    if (!heading) continue;
    const base = slugify(headingText(heading[1]));
    let anchor = base;
    for (let n = 1; anchors.has(anchor); n++) anchor = `${base}-${n}`;
    anchors.add(anchor);
  }
  return anchors;
}

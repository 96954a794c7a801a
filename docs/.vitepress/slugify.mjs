/**
 * The heading anchors of the site: GitHub's rule (github-slugger's), so that a `#fragment` leads
 * to the same heading on the site and when the Markdown is read on GitHub. Lower case; every
 * character but letters, digits, `_`, `-` and spaces dropped; each space a `-`. The site's
 * markdown (config.ts), the API reference's anchors (scripts/api-reference.mjs) and the link
 * check (scripts/check-links.mjs) all use it. A repeated heading gets `-1`, `-2`… (anchors.mjs).
 *
 * @example
 * slugify('In React, React Native and Next.js') // 'in-react-react-native-and-nextjs'
 * slugify('FILTER_OPERATORS') // 'filter_operators'
 */
export function slugify(text) {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

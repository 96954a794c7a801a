/**
 * The heading anchors of the site: VitePress's default slug rule (`@mdit-vue/shared`), kept here
 * so that the site's markdown (config.ts) and the API reference's link check
 * (scripts/api-reference.mjs) agree on every anchor.
 *
 * @example
 * slugify('FILTER_OPERATORS') // 'filter-operators'
 */
export function slugify(text) {
  return (
    text
      .normalize('NFKD')
      .replace(/[\u0300-\u036F]/g, '')
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point.
      .replace(/[\u0000-\u001f]/g, '')
      .replace(/[\s~`!@#$%^&*()\-_+=[\]{}|\\;:"'“”‘’<>,.?/]+/g, '-')
      .replace(/-{2,}/g, '-')
      .replace(/^-+|-+$/g, '')
      .replace(/^(\d)/, '_$1')
      .toLowerCase()
  );
}

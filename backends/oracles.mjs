// The backends' own clients and query parsers, for the oracle tests: the same operation through
// a Bridgekit dialect and through the backend's client must reach the backend with the same
// meaning, as the backend's parser reads it.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

function load(name) {
  try {
    return require(name);
  } catch (cause) {
    throw new Error(`${name} is missing: run "node scripts/install-backends.mjs"`, { cause });
  }
}

/**
 * Strapi 5's query parser settings: packages/core/core/src/middlewares/query.ts in
 * strapi/strapi (`addQsParser` with these defaults), with the qs version Strapi 5 pins
 * (@strapi/core 5.54.0 depends on qs 6.15.3, installed here as qs-strapi).
 */
export const STRAPI_QS = Object.freeze({ strictNullHandling: true, arrayLimit: 100, depth: 20 });

/** A query string as Strapi 5 reads it (`ctx.query`). */
export function parseStrapiQuery(search) {
  return load('qs-strapi').parse(search.replace(/^\?/, ''), STRAPI_QS);
}

/**
 * A query string as a Feathers 5 Koa app reads it: @feathersjs/koa calls `koaQs(app)` with no
 * options, so koa-qs runs its own qs's `parse(query)` with qs's defaults (arrayLimit 20, depth 5).
 */
export function parseFeathersQuery(search) {
  const fromKoaQs = createRequire(require.resolve('koa-qs'));
  return fromKoaQs('qs').parse(search.replace(/^\?/, ''));
}

/** `@supabase/postgrest-js`'s client class. */
export function postgrestJs() {
  return load('@supabase/postgrest-js');
}

/** `@strapi/client`. */
export function strapiClient() {
  return load('@strapi/client');
}

/** `@feathersjs/feathers` and `@feathersjs/rest-client`, for a REST client app. */
export function feathersRestClient() {
  const { feathers } = load('@feathersjs/feathers');
  const rest = load('@feathersjs/rest-client');
  return { feathers, rest: rest.default ?? rest };
}

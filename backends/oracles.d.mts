// Types of the oracle loaders (oracles.mjs).
export const STRAPI_QS: Readonly<{ strictNullHandling: true; arrayLimit: 100; depth: 20 }>;
export function parseStrapiQuery(search: string): Record<string, unknown>;
export function parseFeathersQuery(search: string): Record<string, unknown>;
export function postgrestJs(): typeof import('@supabase/postgrest-js');
export function strapiClient(): typeof import('@strapi/client');
export function feathersRestClient(): {
  feathers: typeof import('@feathersjs/feathers').feathers;
  rest: typeof import('@feathersjs/rest-client').default;
};

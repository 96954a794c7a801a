/**
 * `@bridgekit/core/dialects`: the built-in backend dialects (docs/guide/backends/index.md), one factory
 * per module so an app pays only for the one it imports, and the helpers to write your own.
 *
 * @example
 * import { createClient } from '@bridgekit/core';
 * import { jsonServer } from '@bridgekit/core/dialects';
 * const api = createClient('http://localhost:3000', { dialect: jsonServer() });
 */
export type * from '../contract/dialect';
export * from './shared';
export { type RestProviderParts, restProvider } from './restProvider';
export { type DialectTransportParts, dialectTransport } from './dialectTransport';
export { parseListResponse } from '../services/parseListResponse';
export { type GetManyOptions, getMany } from '../services/getMany';
export { readLogin, readUser } from '../services/authService';
export { type JsonServerOptions, jsonServer } from './jsonServer';
export { type FeathersOptions, feathers } from './feathers';
export { type FeathersLiveOptions, type FeathersSocket, feathersLive } from './feathersLive';
export { type PostgrestOptions, postgrest } from './postgrest';
export { type StrapiOptions, strapi } from './strapi';
export { type LaravelFilter, type LaravelOptions, laravel } from './laravel';
export { type DjangoRestOptions, djangoRest } from './djangoRest';

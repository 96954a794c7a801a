/**
 * `@bridgekit/server`: the Bridgekit reference backend (auth, sessions, CRUD, the 16 filter
 * operators, search, sort and pagination), for development, demos and tests.
 *
 * @example
 * import { createServer } from '@bridgekit/server';
 * const server = createServer({ seed: 'demo' });
 * const { url } = await server.listen(4000);
 */
export type { BridgeServer } from './BridgeServer';
export { createServer } from './createServer';
export type { RequestRecord } from './plugins/requestLog';
export type {
  ChangeFeedOptions,
  CorsOptions,
  IdempotencyOptions,
  LoginThrottleOptions,
  ServerOptions,
} from './ServerOptions';
export { createDemoData, DEMO_USERS } from './demoData';
export { FILTER_OPERATORS, LIKE_PATTERN_MAX_LENGTH } from './filterOperators';
export { DEFAULT_LIMIT, MAX_LIMIT } from './listQuery';
export type { ListMeta } from './listQuery';
export { hashPassword, verifyPassword } from './password';
export type * from './types';

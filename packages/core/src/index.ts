/**
 * `@bridgekit/core`: a typed client for JSON-over-HTTP APIs.
 *
 * @example
 * import { createClient, gte } from '@bridgekit/core';
 * const api = createClient('https://api.example.com/api');
 * const res = await api.query('/products').where('price', gte(10)).page(2).get();
 */
export type * from './types';
export type * from './dialect';
export * from './params';
export * from './queryKey';
export * from './client';
export * from './storage';
export * from './query/operators';
export * from './query/serializer';
export * from './query/QueryBuilder';
export * from './services/BridgeApiError';
export * from './services/BridgeApiService';
export * from './services/authService';

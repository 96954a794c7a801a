import * as clientModule from '../../src/client';
import type { Client } from '../../src/client';
import type { ClientConfig } from '../../src/types';
import { createTestClient } from './testClient';

/** The real client once it exists; the contract stand-in before that. */
export function makeClient(baseUrl: string, config: ClientConfig = {}): Client {
  const real = (clientModule as { createClient?: (u: string, c?: ClientConfig) => Client })
    .createClient;
  return typeof real === 'function' ? real(baseUrl, config) : createTestClient(baseUrl, config);
}

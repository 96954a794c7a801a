// Type tests of the server entry, checked by `tsc` (`npm run typecheck`).
import type { Client, SessionValidationResult } from '@bridgekit/core';
import {
  createAuthMiddleware,
  createServerClient,
  getServerSession,
  prefetchList,
} from '@bridgekit/nextjs/server';
import { expectTypeOf } from 'vitest';

expectTypeOf(createServerClient).returns.resolves.toEqualTypeOf<Client>();
expectTypeOf(getServerSession).returns.resolves.toEqualTypeOf<SessionValidationResult | null>();
expectTypeOf(createServerClient).parameter(0).toBeString();
expectTypeOf(createAuthMiddleware).toBeFunction();
// The fallback is a plain object of serialized SWR keys, ready for <BridgeProvider fallback>.
expectTypeOf(prefetchList).returns.resolves.toMatchTypeOf<Record<string, unknown>>();

// The types of the opt-in modules of `@bridgekit/core/auth`: the lifecycle and its cross-tab
// sync module.
import {
  type AuthLifecycleModule,
  type AuthLifecycleOptions,
  authLifecycle,
  type CrossTabModule,
  type CrossTabSync,
  crossTabSync,
} from '@bridgekit/core/auth';
import { describe, expectTypeOf, it } from 'vitest';

describe('crossTab option', () => {
  it('takes the cross-tab module, not a boolean', () => {
    expectTypeOf(crossTabSync()).toEqualTypeOf<CrossTabModule>();
    expectTypeOf<AuthLifecycleOptions['crossTab']>().toEqualTypeOf<CrossTabModule | undefined>();
    expectTypeOf(authLifecycle({ crossTab: crossTabSync() })).toEqualTypeOf<AuthLifecycleModule>();
    // @ts-expect-error the boolean of before the module
    authLifecycle({ crossTab: true });
  });

  it('a module is a function of the lifecycle host that may return no sync', () => {
    expectTypeOf<ReturnType<CrossTabModule>>().toEqualTypeOf<CrossTabSync | null>();
  });
});

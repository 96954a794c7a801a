import type { Dialect } from '@bridgekit/core';
import { strapi } from '@bridgekit/core/dialects';
import {
  type BridgeInfiniteKey,
  type UseBridgeFormSubmitOptions,
  useBridgeFormSubmit,
} from '@bridgekit/react/hooks';
import { describe, expectTypeOf, it } from 'vitest';

describe('the React consumers take a dialect', () => {
  it('useBridgeFormSubmit and BridgeForm accept the endpoint’s own dialect', () => {
    expectTypeOf<UseBridgeFormSubmitOptions['dialect']>().toEqualTypeOf<Dialect | undefined>();
    useBridgeFormSubmit({ endpoint: '/restaurants', method: 'POST', dialect: strapi() });
    // @ts-expect-error a Dialect, not its name
    useBridgeFormSubmit({ endpoint: '/restaurants', method: 'POST', dialect: 'strapi' });
  });
  it('an infinite key may end with the dialect id', () => {
    expectTypeOf<
      readonly ['bridgekit', 'i', '/p', 'infinite', {}, 'Strapi 5{}']
    >().toMatchTypeOf<BridgeInfiniteKey>();
  });
});

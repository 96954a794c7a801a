// A Next.js app registers its document on the module it imports: '@bridgekit/nextjs'
// re-exports the `Register` of '@bridgekit/react', so this augmentation types the hooks.
import { type BridgeApiService, useBridgeApi, useBridgeCrud } from '@bridgekit/nextjs';
import { describe, expectTypeOf, it } from 'vitest';
import type { components, paths } from '../../core/test/fixtures/openapi/petstore-expanded';

declare module '@bridgekit/nextjs' {
  interface Register {
    paths: paths;
  }
}

type Pet = components['schemas']['Pet'];

describe('Register through @bridgekit/nextjs', () => {
  it('types the re-exported hooks', () => {
    expectTypeOf(useBridgeCrud({ endpoint: '/pets' }).data).toEqualTypeOf<Pet[]>();
    expectTypeOf(useBridgeApi({ endpoint: '/pets' })).toEqualTypeOf<BridgeApiService<Pet>>();
  });
});

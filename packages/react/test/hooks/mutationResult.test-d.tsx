import type { BridgeApiService } from '@bridgekit/core';
import type {
  MutationResult,
  QueuedError,
  QueuedWrite,
  UseBridgeFormSubmitOptions,
  UseBridgeMutationResult,
} from '@bridgekit/react';
import { describe, expectTypeOf, it } from 'vitest';

interface Product {
  id: string;
  name: string;
  price: number;
}

declare const update: UseBridgeMutationResult<Product, 'update'>;
declare const remove: UseBridgeMutationResult<Product, 'delete'>;
declare const service: BridgeApiService<Product>;

describe('MutationResult is discriminated by success', () => {
  it('narrows mutate results', async () => {
    const result = await update.mutate({ id: '1', data: { price: 3 } });
    if (result.success) {
      expectTypeOf(result.data).toEqualTypeOf<Product>();
      expectTypeOf(result.error).toEqualTypeOf<undefined>();
    } else {
      expectTypeOf(result.error).toEqualTypeOf<string>();
      expectTypeOf(result.data).toEqualTypeOf<undefined>();
    }
    const removed = await remove.mutate({ id: '1' });
    if (removed.success) expectTypeOf(removed.data).toEqualTypeOf<undefined>();
    expectTypeOf<MutationResult<Product>>().toMatchTypeOf<{ success: boolean }>();
  });

  it('a queued result carries the kept write; a form hears it as a QueuedError', async () => {
    const result = await update.mutate({ id: '1', data: { price: 3 } });
    if (result.queued) {
      expectTypeOf(result.code).toEqualTypeOf<'QUEUED'>();
      expectTypeOf(result.write).toEqualTypeOf<QueuedWrite>();
    } else if (!result.success) {
      // @ts-expect-error only a queued result has a write
      void result.write;
    }
    type OnQueued = NonNullable<UseBridgeFormSubmitOptions['onQueued']>;
    expectTypeOf<Parameters<OnQueued>[0]>().toEqualTypeOf<QueuedError>();
    expectTypeOf<QueuedError['data']>().toEqualTypeOf<QueuedWrite>();
  });

  it('services resolve the record itself (they reject on failure)', () => {
    expectTypeOf(service.getById('1')).toEqualTypeOf<Promise<Product>>();
    expectTypeOf(service.update('1', { price: 2 })).toEqualTypeOf<Promise<Product>>();
    expectTypeOf(service.delete('1')).toEqualTypeOf<Promise<void>>();
  });
});

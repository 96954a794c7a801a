// Type tests of the public surface, checked by `tsc` (`npm run typecheck`).
import {
  BridgeList,
  type BridgeListProps,
  type MutationResult,
  type PendingChange,
  useAuth,
  useBridgeApi,
  useBridgeMutation,
  useBridgeQuery,
} from '@bridgekit/react-native';
import type { User } from '@bridgekit/core';
import { expectTypeOf } from 'vitest';

interface Product {
  id: string;
  name: string;
  price: number;
}

export function AuthTypes() {
  const auth = useAuth();
  // The spec gives React Native a refreshUser that returns the fresh user.
  expectTypeOf(auth.refreshUser).toEqualTypeOf<() => Promise<User | null>>();
  expectTypeOf(auth.user).toEqualTypeOf<User | null>();
  return null;
}

export function ServiceTypes() {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const list = useBridgeQuery(products, 'list', { page: 1 });
  expectTypeOf(list.data).toEqualTypeOf<Product[]>();
  const one = useBridgeQuery(products, 'get', { id: '1' });
  expectTypeOf(one.data).toEqualTypeOf<Product | null>();
  const { mutate } = useBridgeMutation(products, 'update');
  expectTypeOf(mutate({ id: '1', data: { price: 2 } })).resolves.toEqualTypeOf<
    MutationResult<Product>
  >();
  // @ts-expect-error update needs an id
  void mutate({ data: { price: 2 } });
  return null;
}

export function ListTypes() {
  // T flows from renderItem to keyExtractor and onItemPress.
  const props: BridgeListProps<Product> = {
    endpoint: '/products',
    renderItem: (item) => {
      expectTypeOf(item).toEqualTypeOf<Product>();
      return null;
    },
    onItemPress: (item) => expectTypeOf(item.price).toBeNumber(),
  };
  return <BridgeList<Product> {...props} keyExtractor={(item) => item.id} />;
}

export function ListPendingTypes() {
  // The spec's renderItem(item) still fits; the queue's change comes third, after the index.
  return (
    <BridgeList<Product>
      endpoint="/products"
      pendingMark={(change) => {
        expectTypeOf(change).toEqualTypeOf<PendingChange>();
        return null;
      }}
      renderItem={(item, index, { pending }) => {
        expectTypeOf(item).toEqualTypeOf<Product>();
        expectTypeOf(index).toBeNumber();
        expectTypeOf(pending).toEqualTypeOf<PendingChange | undefined>();
        return null;
      }}
    />
  );
}

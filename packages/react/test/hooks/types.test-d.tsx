import type {
  BridgeApiService,
  LoginResult,
  PaginationMeta,
  TwoFactorRequired,
  User,
} from '@bridgekit/core';
import { type AuthLifecycleModule, authLifecycle } from '@bridgekit/core/auth';
import {
  type MutationResult,
  useBridgeApi,
  useBridgeCrud,
  useBridgeMutation,
  useBridgeQuery,
  type UseAuthAccountActions,
  type UseAuthResult,
  type UseAuthSpecResult,
  useAuth,
  useSearchQueryBuilder,
} from '@bridgekit/react/hooks';
import { describe, expectTypeOf, it } from 'vitest';

interface Product {
  id: string;
  name: string;
  price: number;
}

describe('T flows from useBridgeApi<T>', () => {
  it('into useBridgeQuery data by query type', () => {
    const products = useBridgeApi<Product>({ endpoint: '/products' });
    expectTypeOf(products).toEqualTypeOf<BridgeApiService<Product>>();
    const list = useBridgeQuery(products, 'list', { page: 1 });
    expectTypeOf(list.data).toEqualTypeOf<Product[]>();
    expectTypeOf(list.meta).toEqualTypeOf<PaginationMeta | null>();
    expectTypeOf(list.error).toEqualTypeOf<Error | null>();
    expectTypeOf(list.refetch).returns.toEqualTypeOf<Promise<void>>();
    const one = useBridgeQuery(products, 'get', { id: '1' });
    expectTypeOf(one.data).toEqualTypeOf<Product | null>();
    expectTypeOf(one.meta).toEqualTypeOf<null>();
    const found = useBridgeQuery(products, 'search', useSearchQueryBuilder().searchParams);
    expectTypeOf(found.data).toEqualTypeOf<Product[]>();
    // @ts-expect-error 'get' needs an id
    useBridgeQuery(products, 'get', { page: 1 });
    // @ts-expect-error 'search' needs q
    useBridgeQuery(products, 'search', { page: 1 });
    // @ts-expect-error unknown query type
    useBridgeQuery(products, 'all', {});
  });

  it('into useBridgeMutation variables and results', () => {
    const products = useBridgeApi<Product>({ endpoint: '/products' });
    const create = useBridgeMutation(products, 'create', {
      onSuccess: (data) => expectTypeOf(data).toEqualTypeOf<Product>(),
    });
    expectTypeOf(create.mutate).parameter(0).toEqualTypeOf<{ data: Partial<Product> }>();
    expectTypeOf(create.mutate).returns.toEqualTypeOf<Promise<MutationResult<Product>>>();
    const update = useBridgeMutation(products, 'update');
    expectTypeOf(update.mutate)
      .parameter(0)
      .toEqualTypeOf<{ id: string; data: Partial<Product> }>();
    const remove = useBridgeMutation(products, 'delete');
    expectTypeOf(remove.mutate).parameter(0).toEqualTypeOf<{ id: string }>();
    expectTypeOf(remove.mutate).returns.toEqualTypeOf<Promise<MutationResult<undefined>>>();
    // @ts-expect-error price is a number
    create.mutate({ data: { price: 'free' } });
    // @ts-expect-error update needs an id
    update.mutate({ data: { price: 1 } });
  });

  it('into useBridgeCrud', () => {
    const crud = useBridgeCrud<Product>({ endpoint: '/products' }, { limit: 10 });
    expectTypeOf(crud.data).toEqualTypeOf<Product[]>();
    expectTypeOf(crud.create).parameter(0).toEqualTypeOf<Partial<Product>>();
    expectTypeOf(crud.update).returns.toEqualTypeOf<Promise<MutationResult<Product>>>();
  });
});

describe('useAuth account fields', () => {
  it('are absent without the lifecycle module: the spec surface only', () => {
    const auth = useAuth();
    expectTypeOf(auth).toEqualTypeOf<UseAuthResult>();
    expectTypeOf(auth).toEqualTypeOf<UseAuthSpecResult>();
    expectTypeOf(auth).toHaveProperty('login');
    expectTypeOf(auth).toHaveProperty('logout');
    expectTypeOf(auth).toHaveProperty('validateSession');
    expectTypeOf(auth).toHaveProperty('refreshUser');
    expectTypeOf(auth.user).toEqualTypeOf<User | null>();
    expectTypeOf(auth.isAuthenticated).toEqualTypeOf<boolean>();
    expectTypeOf(auth.login).returns.toEqualTypeOf<Promise<LoginResult | TwoFactorRequired>>();
    // @ts-expect-error account actions come with the module
    auth.register;
    // @ts-expect-error their status too
    auth.isAccountLoading;
    expectTypeOf(useAuth('billing')).toEqualTypeOf<UseAuthSpecResult>();
  });

  it('are typed like the lifecycle, with their own status, given the module type', () => {
    const lifecycle = authLifecycle();
    const auth = useAuth<typeof lifecycle>();
    expectTypeOf(auth).toEqualTypeOf<UseAuthResult<AuthLifecycleModule>>();
    expectTypeOf(auth).toEqualTypeOf<UseAuthSpecResult & UseAuthAccountActions>();
    expectTypeOf(useAuth<typeof lifecycle>('billing')).toEqualTypeOf(auth);
    expectTypeOf(auth.isAccountLoading).toEqualTypeOf<boolean>();
    expectTypeOf(auth.accountError).toEqualTypeOf<Error | null>();
    expectTypeOf(auth.isLoading).toEqualTypeOf<boolean>();
    expectTypeOf(auth.register).returns.toEqualTypeOf<Promise<User | null>>();
    expectTypeOf(auth.register).parameter(0).toHaveProperty('password').toEqualTypeOf<string>();
    expectTypeOf(auth.requestPasswordReset).toEqualTypeOf<(email: string) => Promise<void>>();
    expectTypeOf(auth.resetPassword).toEqualTypeOf<
      (token: string, password: string) => Promise<void>
    >();
    expectTypeOf(auth.changePassword).toEqualTypeOf<
      (oldPassword: string, newPassword: string) => Promise<void>
    >();
    expectTypeOf(auth.verifyTwoFactor).toEqualTypeOf<(code: string) => Promise<User | null>>();
    expectTypeOf(auth.setupTwoFactor).returns.toEqualTypeOf<
      Promise<{ secret: string; uri: string }>
    >();
    expectTypeOf(auth.enableTwoFactor).toEqualTypeOf<
      (code: string) => Promise<{ recoveryCodes: string[] }>
    >();
    expectTypeOf(auth.disableTwoFactor).toEqualTypeOf<(code: string) => Promise<void>>();
    expectTypeOf(auth.refreshSession).toEqualTypeOf<() => Promise<boolean>>();
    // @ts-expect-error a code is needed
    auth.enableTwoFactor();
  });
});

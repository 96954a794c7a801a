// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
import {
  BridgeProvider,
  type UseBridgeCrudResult,
  useAuth,
  useAuthGuard,
  useBridgeCrud,
} from '@bridgekit/react/hooks';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type ReactNode, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeClient, type Product, providerProps, startServer, type TestServer } from './helpers';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

function SignIn() {
  const { login, isLoading } = useAuth();
  return (
    <button
      type="button"
      disabled={isLoading}
      onClick={() => login({ email: 'editor@example.com', password: 'editor123' })}
    >
      sign in
    </button>
  );
}

function Guard({
  children,
  onRedirect,
}: {
  children: ReactNode;
  onRedirect: (path: string, reason: string) => void;
}) {
  const { isLoading, isAuthorized, redirectReason } = useAuthGuard({ onRedirect });
  if (isLoading) return <p>checking</p>;
  if (!isAuthorized)
    return redirectReason === 'unauthenticated' ? <SignIn /> : <p>{redirectReason}</p>;
  return <>{children}</>;
}

let crud: UseBridgeCrudResult<Product>;
function Products() {
  const [page, setPage] = useState(1);
  crud = useBridgeCrud<Product>(
    { endpoint: '/products' },
    { page, limit: 4, orderBy: 'createdAt', orderDir: 'desc' },
  );
  if (crud.isLoading) return <p>loading products</p>;
  return (
    <div>
      <ul>
        {crud.data.map((p) => (
          <li key={p.id}>{`${p.name} ${p.price}`}</li>
        ))}
      </ul>
      <p>{`page ${crud.meta?.page} of ${crud.meta?.total}`}</p>
      <button type="button" disabled={!crud.meta?.hasMore} onClick={() => setPage((n) => n + 1)}>
        next
      </button>
    </div>
  );
}

describe('the whole flow against the reference server', () => {
  it('login -> guarded -> list -> paginate -> create -> revalidated -> update -> delete', async () => {
    const server = await startServer();
    servers.push(server);
    const onRedirect = vi.fn();
    render(
      <BridgeProvider {...providerProps({ client: makeClient(server.url) })}>
        <Guard onRedirect={onRedirect}>
          <Products />
        </Guard>
      </BridgeProvider>,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'sign in' }));
    expect(onRedirect).toHaveBeenCalledExactlyOnceWith('/login', 'unauthenticated');

    await screen.findByText('page 1 of 300');
    const firstPage = crud.data.map((p) => p.id);
    expect(firstPage).toHaveLength(4);
    fireEvent.click(screen.getByRole('button', { name: 'next' }));
    await screen.findByText('page 2 of 300');
    expect(crud.data.map((p) => p.id).some((id) => firstPage.includes(id))).toBe(false);

    let created: Product | undefined;
    await act(async () => {
      const result = await crud.create({
        name: 'Flow lamp',
        price: 42,
        category: 'Home',
        stock: 3,
        active: true,
      });
      expect(result.success).toBe(true);
      created = result.data;
    });
    // The list was revalidated: the total grew.
    await screen.findByText('page 2 of 301');

    await act(async () => {
      // A partial update merges: the fields it does not name stay.
      const result = await crud.update(created!.id, { price: 43 });
      expect(result).toMatchObject({
        success: true,
        data: { name: 'Flow lamp', category: 'Home', stock: 3, price: 43 },
      });
    });
    await act(async () => {
      expect(await crud.remove(created!.id)).toEqual({ success: true, data: undefined });
    });
    await screen.findByText('page 2 of 300');
    expect(server.requests.filter((r) => !r.startsWith('GET'))).toEqual([
      'POST /api/auth/login',
      'POST /api/products',
      `PATCH /api/products/${created!.id}`,
      `DELETE /api/products/${created!.id}`,
    ]);
  });

  it('two instances side by side keep their own sessions, users and caches', async () => {
    const a = await startServer();
    const b = await startServer();
    servers.push(a, b);
    const seen: Record<string, { user?: string; total?: number }> = {};
    let loginShop: (() => Promise<unknown>) | undefined;
    let loginArchive: (() => Promise<unknown>) | undefined;
    function Side({ id }: { id: string }) {
      const auth = useAuth(id);
      const { meta } = useBridgeCrud<Product>({ endpoint: '/products' }, { limit: 1 }, id);
      seen[id] = { user: auth.user?.userName, total: meta?.total };
      return null;
    }
    render(
      <BridgeProvider
        {...providerProps({
          instances: {
            shop: { client: makeClient(a.url) },
            archive: { client: makeClient(b.url) },
          },
          defaultInstance: 'shop',
        })}
      >
        <Side id="shop" />
        <Side id="archive" />
        <SignInAs />
      </BridgeProvider>,
    );
    function SignInAs() {
      const shop = useAuth();
      const archive = useAuth('archive');
      loginShop = () => shop.login({ userName: 'admin', password: 'admin123' });
      loginArchive = () => archive.login({ userName: 'viewer', password: 'viewer123' });
      return null;
    }
    await act(async () => {
      await loginShop!();
    });
    await waitFor(() => expect(seen.shop).toEqual({ user: 'admin', total: 300 }));
    expect(seen.archive).toEqual({ user: undefined, total: undefined });
    expect(a.count('GET', '/products')).toBeGreaterThanOrEqual(1);
    await act(async () => {
      await loginArchive!();
    });
    await waitFor(() => expect(seen.archive).toEqual({ user: 'viewer', total: 300 }));
    expect(seen.shop?.user).toBe('admin');
    expect(a.count('POST', '/auth/login')).toBe(1);
    expect(b.count('POST', '/auth/login')).toBe(1);
  });
});

// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
/**
 * useBridgeCrud and BridgeTable against a real json-server 1.x (in-process, 127.0.0.1), with
 * the jsonServer({ version: 1 }) dialect: filter, page, edit one field, the other fields survive.
 */
import { createClient } from '@bridgekit/core';
import { jsonServer } from '@bridgekit/core/dialects';
import { BridgeTable } from '@bridgekit/react';
import { BridgeProvider, type UseBridgeCrudResult, useBridgeCrud } from '@bridgekit/react/hooks';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RunningBackend, startJsonServer1 } from '../../../../backends/servers.mjs';
import { PRODUCTS, type Product } from '../../../core/test/dialects/seed';
import { providerProps } from '../hooks/helpers';

let backend: RunningBackend;
beforeEach(async () => {
  backend = await startJsonServer1({ products: [...PRODUCTS] });
});
afterEach(() => backend.close());

const config = () => ({ baseUrl: backend.url, dialect: jsonServer({ version: 1 }) });
// The filter, written with the dialect's builder: `/products?category:eq=office`.
const officeList = () =>
  createClient(backend.url, { dialect: jsonServer({ version: 1 }) })
    .query('/products')
    .where('category', 'office')
    .toURL();
const office = PRODUCTS.filter((p) => p.category === 'office').sort((a, b) => a.price - b.price);

describe('useBridgeCrud on json-server 1.x', () => {
  it('filters, pages, and edits one field without losing the others', async () => {
    let crud: UseBridgeCrudResult<Product> | undefined;
    function Office() {
      const [page, setPage] = useState(1);
      crud = useBridgeCrud<Product>(
        { endpoint: '/products', customEndpoints: { list: officeList() } },
        { page, limit: 2, orderBy: 'price' },
      );
      if (crud.isLoading) return <p>loading</p>;
      return (
        <div>
          <ul>
            {crud.data.map((p) => (
              <li key={p.id}>{`${p.name} ${p.price}`}</li>
            ))}
          </ul>
          <p>{`page ${crud.meta?.page} of ${crud.meta?.total} more ${crud.meta?.hasMore}`}</p>
          <button type="button" onClick={() => setPage(page + 1)}>
            next
          </button>
        </div>
      );
    }
    render(
      <BridgeProvider {...providerProps({ config: config() })}>
        <Office />
      </BridgeProvider>,
    );
    await screen.findByText('page 1 of 4 more true');
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      office.slice(0, 2).map((p) => `${p.name} ${p.price}`),
    );
    fireEvent.click(screen.getByText('next'));
    await screen.findByText('page 2 of 4 more false');
    const target = office[2]!;
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(
      office.slice(2, 4).map((p) => `${p.name} ${p.price}`),
    );

    let result: Awaited<ReturnType<UseBridgeCrudResult<Product>['update']>> | undefined;
    await act(async () => {
      result = await crud!.update(target.id, { price: target.price + 1 });
    });
    expect(result).toMatchObject({ success: true });
    await screen.findByText(`${target.name} ${target.price + 1}`);
    const stored = await (await fetch(`${backend.url}/products/${target.id}`)).json();
    expect(stored).toEqual({ ...target, price: target.price + 1 });
  });
});

describe('BridgeTable on json-server 1.x', () => {
  it('shows the filtered page, pages on, sorts through the dialect', async () => {
    render(
      <BridgeProvider {...providerProps({ config: config() })}>
        <BridgeTable<Product>
          endpoint={officeList()}
          pageSize={3}
          columns={[
            { key: 'name', header: 'Name', sortable: true },
            { key: 'price', header: 'Price', sortable: true },
          ]}
        />
      </BridgeProvider>,
    );
    await screen.findByText('Page 1 of 2');
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.querySelector('td')?.textContent);
    const byId = PRODUCTS.filter((p) => p.category === 'office');
    expect(names()).toEqual(byId.slice(0, 3).map((p) => p.name));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2 of 2');
    expect(names()).toEqual(byId.slice(3).map((p) => p.name));
    fireEvent.click(screen.getByRole('button', { name: /Price/ }));
    await waitFor(() => expect(names()).toEqual(office.slice(0, 3).map((p) => p.name)));
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
  });
});

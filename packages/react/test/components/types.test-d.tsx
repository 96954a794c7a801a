import type { BridgeApiError } from '@bridgekit/core';
import type { ReactNode } from 'react';
import { describe, expectTypeOf, it } from 'vitest';
// The public entry: the components and their types are exported next to the hooks.
import {
  BridgeForm,
  type BridgeFormState,
  BridgeTable,
  type BridgeTableProps,
  type ColumnDef,
  useBridgeApi,
  useBridgeQuery,
} from '@bridgekit/react';

interface Product {
  id: string;
  name: string;
  price: number;
  active: boolean;
  tags?: string[];
}

describe('ColumnDef<T>', () => {
  it('restricts key to the keys of T', () => {
    expectTypeOf<ColumnDef<Product>['key']>().toEqualTypeOf<keyof Product>();
    const ok: ColumnDef<Product> = { key: 'price', header: 'Price' };
    // @ts-expect-error: not a field of Product
    const bad: ColumnDef<Product> = { key: 'cost', header: 'Cost' };
    void ok;
    void bad;
  });

  it('gives render the value type of its key and the row', () => {
    const price: ColumnDef<Product> = {
      key: 'price',
      header: 'Price',
      render: (value, row) => {
        expectTypeOf(value).toEqualTypeOf<number>();
        expectTypeOf(row).toEqualTypeOf<Product>();
        return value.toFixed(2);
      },
    };
    const tags: ColumnDef<Product> = {
      key: 'tags',
      header: 'Tags',
      render: (value) => {
        expectTypeOf(value).toEqualTypeOf<string[] | undefined>();
        return value?.join(', ');
      },
    };
    // @ts-expect-error: name is a string, not a number
    const wrong: ColumnDef<Product> = {
      key: 'name',
      header: 'Name',
      render: (value: number) => value,
    };
    void [price, tags, wrong];
  });
});

// T flows from useBridgeApi<T> through useBridgeQuery to the table's columns and onRowClick.
function ProductsTable() {
  const service = useBridgeApi<Product>({ endpoint: '/products' });
  const { data } = useBridgeQuery(service, 'list', { page: 1 });
  expectTypeOf(data).toEqualTypeOf<Product[]>();
  const columns: ColumnDef<(typeof data)[number]>[] = [{ key: 'price', header: 'Price' }];
  return (
    <BridgeTable
      endpoint={service.endpoint}
      columns={columns}
      onRowClick={(row) => expectTypeOf(row).toEqualTypeOf<Product>()}
    />
  );
}

describe('BridgeTable<T>', () => {
  it('infers T from typed columns and hands it to onRowClick', () => {
    const columns: ColumnDef<Product>[] = [{ key: 'name', header: 'Name' }];
    const node = (
      <BridgeTable
        endpoint="/products"
        columns={columns}
        onRowClick={(row) => {
          expectTypeOf(row).toEqualTypeOf<Product>();
        }}
      />
    );
    expectTypeOf(node).toMatchTypeOf<ReactNode>();
  });

  it('checks inline columns against an explicit T', () => {
    const node = (
      <BridgeTable<Product>
        endpoint="/products"
        columns={[
          { key: 'price', header: 'Price', render: (price) => price.toFixed(2) },
          // @ts-expect-error: not a field of Product
          { key: 'nope', header: 'Nope' },
        ]}
        onRowClick={(row) => expectTypeOf(row.price).toEqualTypeOf<number>()}
      />
    );
    void node;
  });

  it('takes the same T as useBridgeApi<T> and useBridgeQuery data', () => {
    expectTypeOf(ProductsTable).returns.toMatchTypeOf<ReactNode>();
  });

  it('types onRowClick as receiving T', () => {
    expectTypeOf<BridgeTableProps<Product>['onRowClick']>().toEqualTypeOf<
      ((row: Product) => void) | undefined
    >();
  });
});

describe('BridgeForm', () => {
  it('types onSuccess data, onError and the render-function state', () => {
    const node = (
      <BridgeForm<Product>
        endpoint="/products"
        method="POST"
        onSuccess={(data) => expectTypeOf(data).toEqualTypeOf<Product>()}
        onError={(error) => expectTypeOf(error).toEqualTypeOf<BridgeApiError>()}
      >
        {(state) => {
          expectTypeOf(state).toEqualTypeOf<BridgeFormState>();
          expectTypeOf(state.isSubmitting).toEqualTypeOf<boolean>();
          return null;
        }}
      </BridgeForm>
    );
    void node;
    type Method = Parameters<typeof BridgeForm>[0]['method'];
    expectTypeOf<Method>().toEqualTypeOf<'POST' | 'PUT' | 'PATCH' | 'DELETE'>();
    // @ts-expect-error: GET is not a form method
    const bad: Method = 'GET';
    void bad;
  });
});

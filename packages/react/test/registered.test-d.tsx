/**
 * Hooks and components typed by a registered OpenAPI document: one `Register` augmentation of
 * '@bridgekit/react' types '@bridgekit/react/hooks' too (the same interface). The document is
 * core's Petstore fixture; its paths (`/pets`…) are used by no other test, and endpoints that
 * are not in it keep the untyped behaviour, so the augmentation leaves the other tests as they were.
 */
import type { BridgeApiService, PaginationMeta } from '@bridgekit/core';
import { describe, expectTypeOf, it } from 'vitest';
import { BridgeForm, BridgeTable, useBridgeApi, useBridgeCrud } from '@bridgekit/react';
import {
  type Register,
  type RegisteredItem,
  useBridgeMutation,
  useBridgeQuery,
  useBridgeApi as useBridgeApiFromHooks,
} from '@bridgekit/react/hooks';
import type { components, paths } from '../../core/test/fixtures/openapi/petstore-expanded';

declare module '@bridgekit/react' {
  interface Register {
    paths: paths;
  }
}

type Pet = components['schemas']['Pet'];

describe('Register', () => {
  it('is one interface for both entries', () => {
    expectTypeOf<Register>().toEqualTypeOf<{ paths: paths }>();
    expectTypeOf<RegisteredItem<'/pets'>>().toEqualTypeOf<Pet>();
  });
});

describe('hooks without a type argument', () => {
  it('useBridgeApi and useBridgeCrud infer the item from the endpoint', () => {
    expectTypeOf(useBridgeApi({ endpoint: '/pets' })).toEqualTypeOf<BridgeApiService<Pet>>();
    expectTypeOf(useBridgeApiFromHooks({ endpoint: '/pets' })).toEqualTypeOf<
      BridgeApiService<Pet>
    >();
    const crud = useBridgeCrud({ endpoint: '/pets' }, { page: 1 });
    expectTypeOf(crud.data).toEqualTypeOf<Pet[]>();
    expectTypeOf(crud.meta).toEqualTypeOf<PaginationMeta | null>();
    crud.create({ name: 'Rex' });
    // @ts-expect-error name is a string
    crud.create({ name: 1 });
    // @ts-expect-error no such field
    crud.update('1', { colour: 'red' });
    // A templated list works too.
    expectTypeOf(useBridgeCrud({ endpoint: '/pets/7/toys' }).data).toEqualTypeOf<
      { label: string }[]
    >();
  });

  it('useBridgeQuery and useBridgeMutation follow the service', () => {
    const pets = useBridgeApi({ endpoint: '/pets' });
    expectTypeOf(useBridgeQuery(pets, 'list', { page: 1 }).data).toEqualTypeOf<Pet[]>();
    expectTypeOf(useBridgeQuery(pets, 'get', { id: '1' }).data).toEqualTypeOf<Pet | null>();
    const creator = useBridgeMutation(pets, 'create');
    creator.mutate(
      { data: { name: 'Rex' } },
      { onSuccess: (pet) => expectTypeOf(pet).toEqualTypeOf<Pet>() },
    );
    // @ts-expect-error tag is a string
    creator.mutate({ data: { tag: 2 } });
  });

  it('keeps type arguments and endpoints outside the document as they were', () => {
    interface Task {
      id: string;
      title: string;
    }
    expectTypeOf(useBridgeCrud<Task>({ endpoint: '/tasks' }).data).toEqualTypeOf<Task[]>();
    expectTypeOf(useBridgeApi({ endpoint: '/not-in-the-document' })).toEqualTypeOf<
      BridgeApiService<any>
    >();
  });
});

describe('components', () => {
  it('BridgeTable checks its columns against the endpoint', () => {
    <BridgeTable
      endpoint="/pets"
      columns={[
        { key: 'name', header: 'Name' },
        { key: 'id', header: 'Id', render: (id) => id.toFixed(0) },
      ]}
      onRowClick={(pet) => expectTypeOf(pet).toEqualTypeOf<Pet>()}
    />;
    // (A column that does not fit makes TypeScript fall back to the untyped signature, which
    // infers the row from the columns: the mistake shows where the rows are used.)
  });

  it("BridgeForm's onSuccess gets the operation's data", () => {
    <BridgeForm
      endpoint="/pets"
      method="POST"
      onSuccess={(pet) => expectTypeOf(pet).toEqualTypeOf<Pet>()}
    >
      {null}
    </BridgeForm>;
    <BridgeForm
      endpoint="/pets/7"
      method="PATCH"
      onSuccess={(pet) => expectTypeOf(pet).toEqualTypeOf<Pet>()}
    >
      {null}
    </BridgeForm>;
  });
});

/**
 * Hooks and components typed by a registered OpenAPI document: one `Register` augmentation of
 * '@bridgekit/react' types '@bridgekit/react/hooks' too (the same interface). The document is
 * core's Petstore fixture. An augmentation applies to the whole program, and with it an
 * endpoint outside the document is an error: this file has its own tsconfig (beside it) so
 * that the other tests, which use other endpoints without type arguments, are not part of
 * the registered program.
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
import type { components, paths } from '../../../core/test/fixtures/openapi/petstore-expanded';
import type { DataIn } from '../../src/hooks/register';

declare module '@bridgekit/react' {
  interface Register {
    paths: paths;
  }
}

type Pet = components['schemas']['Pet'];

function useList<T>(endpoint: string) {
  // @ts-expect-error a plain string against a type parameter: cast the endpoint, as below
  useBridgeCrud<T>({ endpoint });
  return useBridgeCrud<T>({ endpoint: endpoint as never });
}

describe('Register', () => {
  it('is one interface for both entries', () => {
    expectTypeOf<Register>().toEqualTypeOf<{ paths: paths }>();
    expectTypeOf<RegisteredItem<'/pets'>>().toEqualTypeOf<Pet>();
  });
});

// Types only: the runner resolves this file's imports, and React Native is no web dependency.
declare const useBridgeCrudNext: typeof import('@bridgekit/nextjs').useBridgeCrud;
declare const useBridgeCrudNative: typeof import('@bridgekit/react-native').useBridgeCrud;
declare const NativeForm: typeof import('@bridgekit/react-native').BridgeForm;
type NewPet = components['schemas']['NewPet'];

describe('React Native and Next.js', () => {
  it('re-export the same typed hooks', () => {
    expectTypeOf(useBridgeCrudNext({ endpoint: '/pets' }).data).toEqualTypeOf<Pet[]>();
    expectTypeOf(useBridgeCrudNative({ endpoint: '/pets' }).data).toEqualTypeOf<Pet[]>();
    // @ts-expect-error not an endpoint of the registered document
    useBridgeCrudNext({ endpoint: '/tasks' });
    // @ts-expect-error not an endpoint of the registered document
    useBridgeCrudNative({ endpoint: '/tasks' });
  });
});

describe("React Native's BridgeForm", () => {
  it("keeps the fields of the operation's request body", () => {
    <NativeForm
      endpoint="/pets"
      method="POST"
      initialValues={{ name: '' }}
      onSuccess={(pet) => expectTypeOf(pet).toEqualTypeOf<Pet>()}
    >
      {({ values, setValue }) => {
        expectTypeOf(values).toEqualTypeOf<NewPet>();
        setValue('tag', 'dog');
        // @ts-expect-error a name is a string
        setValue('name', 1);
        return null;
      }}
    </NativeForm>;
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
    // @ts-expect-error the body of POST /pets requires a name
    crud.create({ tag: 'dog' });
    // @ts-expect-error no such field
    crud.update('1', { colour: 'red' });
    crud.update('1', { tag: 'cat' });
    crud.remove('1');
    // Writes follow the operations: '/pets/search' has no POST, and '/pets/search/{id}' nothing.
    const found = useBridgeCrud({ endpoint: '/pets/search' });
    expectTypeOf(found.data).toEqualTypeOf<Pet[]>();
    // @ts-expect-error POST is not an operation of '/pets/search'
    found.create({ name: 'Rex' });
    // @ts-expect-error DELETE is not an operation of '/pets/search/{id}'
    found.remove('1');
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

  it('refuses an endpoint outside the document; a type argument is the escape hatch', () => {
    interface Task {
      id: string;
      title: string;
    }
    // @ts-expect-error not an endpoint of the registered document
    useBridgeApi({ endpoint: '/tasks' });
    // @ts-expect-error not an endpoint of the registered document
    useBridgeApiFromHooks({ endpoint: '/tasks' });
    // @ts-expect-error not an endpoint of the registered document
    useBridgeCrud({ endpoint: '/tasks' }, { page: 1 });
    // @ts-expect-error a template matches one segment per parameter
    useBridgeCrud({ endpoint: '/pets/7/toys/3' });
    // @ts-expect-error an endpoint typed only as string is not one of the document's
    useBridgeCrud({ endpoint: String('/pets') });
    expectTypeOf(useBridgeCrud<Task>({ endpoint: '/tasks' }).data).toEqualTypeOf<Task[]>();
    const tasks = useBridgeApi<Task>({ endpoint: '/tasks' });
    expectTypeOf(tasks).toEqualTypeOf<BridgeApiService<Task>>();
    // useBridgeQuery and useBridgeMutation follow the service: typed by the type argument.
    expectTypeOf(useBridgeQuery(tasks, 'list', {}).data).toEqualTypeOf<Task[]>();
    useBridgeMutation(tasks, 'update').mutate({ id: '1', data: { title: 'a' } });
    // @ts-expect-error title is a string
    useBridgeMutation(tasks, 'update').mutate({ id: '1', data: { title: 1 } });
    // Inside a generic wrapper (useList, below) TypeScript cannot tell that `T` was given.
    expectTypeOf(useList<Task>('/tasks').data).toEqualTypeOf<Task[]>();
    // `any` stays available, on purpose.
    expectTypeOf(useBridgeApi<any>({ endpoint: '/anything' })).toEqualTypeOf<
      BridgeApiService<any>
    >();
  });
});

describe('a registry with envelope: false (a client with a dialect)', () => {
  it("types BridgeForm's data as the body is sent", () => {
    interface Article {
      id: number;
      title: string;
    }
    interface cms {
      '/articles': {
        post: {
          requestBody: { content: { 'application/json': { data: { title: string } } } };
          responses: { 200: { content: { 'application/json': { data: Article; meta: {} } } } };
        };
      };
    }
    expectTypeOf<DataIn<{ paths: cms; envelope: false }, 'post', '/articles'>>().toEqualTypeOf<{
      data: Article;
      meta: {};
    }>();
    expectTypeOf<DataIn<{ paths: cms }, 'post', '/articles'>>().toEqualTypeOf<Article>();
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
    // @ts-expect-error a column that is not a field of Pet
    <BridgeTable endpoint="/pets" columns={[{ key: 'colour', header: 'Colour' }]} />;
    <BridgeTable
      endpoint="/pets"
      // @ts-expect-error a Pet's name is a string
      columns={[{ key: 'name', header: 'Name', render: (name) => name.toFixed(0) }]}
    />;
  });

  it('BridgeTable refuses an endpoint outside the document without a type argument', () => {
    interface Task {
      id: string;
      title: string;
    }
    // @ts-expect-error not an endpoint of the registered document (the columns infer nothing)
    <BridgeTable endpoint="/tasks" columns={[{ key: 'title', header: 'Title' }]} />;
    <BridgeTable<Task>
      endpoint="/tasks"
      columns={[{ key: 'title', header: 'Title', render: (title) => title.toUpperCase() }]}
      onRowClick={(task) => expectTypeOf(task).toEqualTypeOf<Task>()}
    />;
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

  it("BridgeForm checks transformValues against the operation's request body", () => {
    <BridgeForm endpoint="/pets" method="POST" transformValues={(v) => ({ name: String(v.name) })}>
      {null}
    </BridgeForm>;
    // @ts-expect-error the body of POST /pets requires a name
    <BridgeForm endpoint="/pets" method="POST" transformValues={(v) => ({ tag: String(v.tag) })}>
      {null}
    </BridgeForm>;
  });

  it('BridgeForm refuses an endpoint or method outside the document without a type argument', () => {
    // @ts-expect-error not an endpoint of the registered document
    <BridgeForm endpoint="/tasks" method="POST" onSuccess={(task: { id: string }) => task.id}>
      {null}
    </BridgeForm>;
    // @ts-expect-error '/pets' has no PUT
    <BridgeForm endpoint="/pets" method="PUT">
      {null}
    </BridgeForm>;
    <BridgeForm<{ id: string }>
      endpoint="/tasks"
      method="POST"
      onSuccess={(task) => expectTypeOf(task).toEqualTypeOf<{ id: string }>()}
    >
      {null}
    </BridgeForm>;
  });
});

import { createDemoData } from '@bridgekit/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Running, start } from './helpers';

type Json = Record<string, any>;

let running: Running;
let doc: Json;
beforeAll(async () => {
  running = await start({ seed: 'demo' });
  const res = await running.client().get('/openapi.json');
  expect(res.status).toBe(200);
  doc = res.data;
});
afterAll(async () => {
  await running.stop();
});

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function operations(document: Json): Array<[path: string, method: string, op: Json]> {
  return Object.entries(document.paths as Json).flatMap(([path, item]) =>
    METHODS.filter((method) => method in item).map(
      (method) => [path, method, item[method]] as [string, string, Json],
    ),
  );
}

/** Every `$ref` of a value, anywhere in it. */
function refs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refs(item, out);
  else if (typeof value === 'object' && value !== null) {
    for (const [key, inner] of Object.entries(value)) {
      if (key === '$ref' && typeof inner === 'string') out.push(inner);
      else refs(inner, out);
    }
  }
  return out;
}

describe('GET /openapi.json', () => {
  it('is served without a session, as an OpenAPI 3.1 document', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(typeof doc.info.title).toBe('string');
    expect(typeof doc.info.version).toBe('string');
    expect(doc.servers).toEqual([{ url: '/api' }]);
  });

  it('has a well-formed structure: paths, operations, responses, references, parameters', () => {
    const ids = new Set<string>();
    for (const [path, method, op] of operations(doc)) {
      expect(path.startsWith('/'), path).toBe(true);
      expect(Object.keys(op.responses ?? {}).length, `${method} ${path}`).toBeGreaterThan(0);
      for (const status of Object.keys(op.responses)) {
        expect(status, `${method} ${path}`).toMatch(/^(default|[1-5](\d\d|XX))$/);
        expect(typeof op.responses[status].description).toBe('string');
      }
      expect(ids.has(op.operationId), `duplicate operationId ${op.operationId}`).toBe(false);
      ids.add(op.operationId);
      // Every template parameter is declared as a required path parameter, and only those.
      const template = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]);
      const declared = [...(doc.paths[path].parameters ?? []), ...(op.parameters ?? [])]
        .filter((p: Json) => p.in === 'path')
        .map((p: Json) => {
          expect(p.required).toBe(true);
          return p.name;
        });
      expect(declared.sort()).toEqual(template.sort());
      for (const p of op.parameters ?? [])
        expect(['query', 'header', 'path', 'cookie']).toContain(p.in);
    }
    for (const ref of refs(doc)) {
      const [, kind, name] = /^#\/components\/(schemas|securitySchemes)\/(.+)$/.exec(ref) ?? [];
      expect(kind, ref).toBeDefined();
      expect(doc.components[kind!][name!], ref).toBeDefined();
    }
    for (const scheme of doc.security) {
      for (const name of Object.keys(scheme))
        expect(doc.components.securitySchemes[name]).toBeDefined();
    }
  });

  it('describes every entity and every field of its schema, from the same FieldSpecs', () => {
    const data = createDemoData();
    for (const [name, entity] of Object.entries(data.entities)) {
      const item = doc.paths[`/${name}`];
      expect(item?.get, name).toBeDefined();
      expect(item?.post, name).toBeDefined();
      const one = doc.paths[`/${name}/{id}`];
      for (const method of ['get', 'put', 'patch', 'delete']) expect(one?.[method]).toBeDefined();
      expect(doc.paths[`/${name}/search`]?.get).toBeDefined();
      const params = item.get.parameters.map((p: Json) => p.name);
      expect(params).toEqual(expect.arrayContaining(['page', 'limit', 'sort', 'q']));
      // The list answers the envelope with an array of rows and the list meta.
      const list = item.get.responses[200].content['application/json'].schema;
      expect(list.required).toEqual(['success', 'data', 'meta']);
      const row = doc.components.schemas[list.properties.data.items.$ref.split('/').pop()];
      const input =
        doc.components.schemas[
          item.post.requestBody.content['application/json'].schema.$ref.split('/').pop()
        ];
      for (const [field, spec] of Object.entries(entity.schema)) {
        if (spec.type === 'password') {
          expect(row.properties[field], `${name}.${field} is never shown`).toBeUndefined();
          expect(input.properties[field].writeOnly).toBe(true);
        } else expect(row.properties[field], `${name}.${field}`).toBeDefined();
        if (field !== 'id' && field !== 'createdAt')
          expect(input.properties[field], `${name}.${field}`).toBeDefined();
        if (spec.required && field !== 'id') expect(input.required).toContain(field);
      }
    }
    const task = doc.components.schemas.Task;
    expect(task.properties.status).toEqual({ type: 'string', enum: ['todo', 'doing', 'done'] });
    expect(task.properties.priority).toEqual({ type: ['integer', 'null'], minimum: 1, maximum: 5 });
    expect(doc.components.schemas.Product.properties.price).toEqual({ type: 'number', minimum: 0 });
  });

  it('declares the Idempotency-Key header on every entity write, with its 422 and 429', () => {
    const keyed = (op: Json) =>
      (op.parameters ?? []).filter((p: Json) => p.name === 'Idempotency-Key');
    for (const name of Object.keys(createDemoData().entities)) {
      const writes = [
        doc.paths[`/${name}`].post,
        doc.paths[`/${name}/{id}`].put,
        doc.paths[`/${name}/{id}`].patch,
        doc.paths[`/${name}/{id}`].delete,
      ];
      for (const op of writes) {
        const [header] = keyed(op);
        expect(header, op.operationId).toMatchObject({
          in: 'header',
          required: false,
          schema: { type: 'string', minLength: 1, maxLength: 255 },
        });
        expect(header.description).toMatch(/24 h/);
        expect(op.responses[422].description).toMatch(/IDEMPOTENCY_KEY_REUSED/);
        expect(op.responses[429].description).toMatch(/Idempotency-Key/);
        const success = op.responses[op.operationId.startsWith('create') ? 201 : 200];
        expect(success.headers['Idempotent-Replayed']).toBeDefined();
      }
      expect(keyed(doc.paths[`/${name}`].get)).toEqual([]);
    }
    // Sign-in and account routes do not remember answers (they carry secrets).
    expect(keyed(doc.paths['/auth/login'].post)).toEqual([]);
  });

  it('describes versions: ETag, If-None-Match and 304 on reads, If-Match and 412 on writes to a record', () => {
    const header = (op: Json, name: string) =>
      (op.parameters ?? []).find((p: Json) => p.in === 'header' && p.name === name);
    for (const name of Object.keys(createDemoData().entities)) {
      const collection = doc.paths[`/${name}`];
      const one = doc.paths[`/${name}/{id}`];
      for (const read of [collection.get, doc.paths[`/${name}/search`].get, one.get]) {
        expect(header(read, 'If-None-Match'), read.operationId).toBeDefined();
        expect(read.responses[200].headers.ETag, read.operationId).toBeDefined();
        expect(read.responses[304].content, read.operationId).toBeUndefined();
      }
      expect(collection.get.responses[200].headers.ETag.description).toMatch(/weak/i);
      for (const write of [collection.post, one.put, one.patch]) {
        const ok = write.responses[write === collection.post ? 201 : 200];
        expect(ok.headers.ETag, write.operationId).toBeDefined();
      }
      expect(one.delete.responses[200].headers.ETag).toBeUndefined();
      expect(header(collection.post, 'If-Match')).toBeUndefined();
      for (const write of [one.put, one.patch, one.delete]) {
        expect(header(write, 'If-Match'), write.operationId).toBeDefined();
        const failed = write.responses[412];
        const schema = failed.content['application/json'].schema;
        expect(schema.properties.code.const).toBe('PRECONDITION_FAILED');
        expect(schema.properties.data.oneOf).toEqual([
          one.get.responses[200].content['application/json'].schema.properties.data,
          { type: 'null' },
        ]);
        expect(failed.headers.ETag).toBeDefined();
      }
    }
  });

  it('describes the auth routes', () => {
    for (const path of ['/auth/login', '/auth/logout', '/auth/refresh', '/auth/register']) {
      expect(doc.paths[path]?.post, path).toBeDefined();
    }
    expect(doc.paths['/auth/me'].get).toBeDefined();
    expect(doc.paths['/auth/login'].post.security).toEqual([]);
  });

  it('matches what the server answers', async () => {
    const viewer = await running.signIn('viewer');
    const res = await viewer.get('/products', { params: { limit: 1 } });
    const row = res.data[0];
    const schema = doc.components.schemas.Product;
    for (const key of Object.keys(row)) expect(schema.properties[key], key).toBeDefined();
    for (const key of schema.required) expect(row[key], key).toBeDefined();
  });
});

// biome-ignore-all lint/correctness/noComponentHookFactories: test components close over per-test state.
/**
 * The React consumers go through the dialect: BridgeForm's body, answer and path, and the
 * service registry and cache keys, which tell two entities on one endpoint apart by dialect.
 * Requests go to a real HTTP server on 127.0.0.1.
 */
import { type Client, createClient, MemoryStorage } from '@bridgekit/core';
import { djangoRest, jsonServer, strapi } from '@bridgekit/core/dialects';
import { BridgeForm } from '@bridgekit/react';
import {
  type BridgeApiService,
  useBridgeApi,
  useBridgeFormSubmit,
  useBridgeQuery,
} from '@bridgekit/react/hooks';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer, type TestServer } from '../../../core/test/helpers/testServer';
import { renderWithClient } from '../components/helpers';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());
afterEach(cleanup);

const clientWith = (dialect: ReturnType<typeof strapi>): Client =>
  createClient(server.url, { dialect, storage: new MemoryStorage() });
const last = () => server.requests.at(-1)!;

describe('BridgeForm through the dialect', () => {
  it("strapi(): the values go as { data } and onSuccess gets the answer's record", async () => {
    server.reply({ status: 201, json: { data: { documentId: 'd1', name: 'Lamp' }, meta: {} } });
    const onSuccess = vi.fn();
    renderWithClient(
      clientWith(strapi()),
      <BridgeForm endpoint="/restaurants" method="POST" onSuccess={onSuccess}>
        <input aria-label="name" name="name" defaultValue="Lamp" />
        <button type="submit">Save</button>
      </BridgeForm>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledTimes(1));
    expect(last().method).toBe('POST');
    expect(last().url).toBe('/restaurants');
    expect(JSON.parse(last().body)).toEqual({ data: { name: 'Lamp' } });
    expect(onSuccess).toHaveBeenCalledWith({ documentId: 'd1', name: 'Lamp' });
  });

  it("djangoRest(): the form's path gets DRF's trailing slash", async () => {
    server.reply({ status: 201, json: { id: 1, name: 'Lamp' } });
    const onSuccess = vi.fn();
    renderWithClient(
      clientWith(djangoRest()),
      <BridgeForm endpoint="/products" method="POST" onSuccess={onSuccess}>
        <input aria-label="name" name="name" defaultValue="Lamp" />
        <button type="submit">Save</button>
      </BridgeForm>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ id: 1, name: 'Lamp' }));
    expect(last().url).toBe('/products/');
  });

  it("BridgeForm's dialect prop: an endpoint of another backend than the client's", async () => {
    server.reply({ status: 201, json: { data: { documentId: 'd2', name: 'Rug' } } });
    const onSuccess = vi.fn();
    const { container } = renderWithClient(
      clientWith(jsonServer({ version: 1 })),
      <BridgeForm endpoint="/restaurants" method="POST" dialect={strapi()} onSuccess={onSuccess}>
        <input aria-label="name" name="name" defaultValue="Rug" />
        <button type="submit">Save</button>
      </BridgeForm>,
    );
    // A hook option, not a <form> attribute.
    expect(container.querySelector('form')!.hasAttribute('dialect')).toBe(false);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith({ documentId: 'd2', name: 'Rug' }));
    expect(JSON.parse(last().body)).toEqual({ data: { name: 'Rug' } });
  });

  it("useBridgeFormSubmit({ dialect }) speaks an entity's own dialect", async () => {
    server.reply({ json: { data: { documentId: 'd1', name: 'New' } } });
    let submit: ((v: object) => Promise<unknown>) | undefined;
    function Rename() {
      ({ submit } = useBridgeFormSubmit({
        endpoint: '/restaurants/d1',
        method: 'PUT',
        dialect: strapi(),
      }));
      return null;
    }
    renderWithClient(clientWith(jsonServer({ version: 1 })), <Rename />);
    const response = await submit!({ name: 'New' });
    expect(JSON.parse(last().body)).toEqual({ data: { name: 'New' } });
    expect(response).toMatchObject({ success: true, data: { documentId: 'd1', name: 'New' } });
  });
});

describe('services and cache keys name the dialect', () => {
  it('two entities on one endpoint with different dialects get two services and two cache entries', async () => {
    // Answers in the shape of whichever dialect asked.
    server.reply((req) => ({
      json: req.url.includes('pagination')
        ? { data: [{ id: 's' }], meta: { pagination: { page: 2, pageSize: 5, total: 6 } } }
        : { data: [{ id: 'j' }], items: 6, prev: 1, next: null },
    }));
    const before = server.requests.length;
    const services: Array<BridgeApiService<{ id: string }>> = [];
    function Lists() {
      // Inline configs, a new strapi() each render: still one service per dialect.
      const plain = useBridgeApi<{ id: string }>({ endpoint: '/products' });
      const other = useBridgeApi<{ id: string }>({ endpoint: '/products', dialect: strapi() });
      services.push(plain, other);
      const a = useBridgeQuery(plain, 'list', { page: 2, limit: 5 });
      const b = useBridgeQuery(other, 'list', { page: 2, limit: 5 });
      return <p>{`${a.data.map((r) => r.id)}|${b.data.map((r) => r.id)}`}</p>;
    }
    renderWithClient(clientWith(jsonServer({ version: 1 })), <Lists />);
    await screen.findByText('j|s');
    expect(services[0]).not.toBe(services[1]);
    expect(services.at(-1)).toBe(services[1]);
    const urls = server.requests.slice(before).map((r) => r.url);
    expect(urls.sort()).toEqual([
      '/products?_page=2&_per_page=5',
      '/products?pagination[page]=2&pagination[pageSize]=5',
    ]);
  });
});

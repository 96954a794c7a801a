/**
 * Components of the hooks benchmark. Imported by hooks.tsx only after jsdom is installed:
 * SWR and react-dom look for `window` when they load.
 */
import { useBridgeApi, useBridgeMutation, useBridgeQuery } from '@bridgekit/react/hooks';

interface Product {
  id: string;
  name: string;
  price: number;
}

/** Renders per consumer, by the consumer's `index`. */
export const renders: number[] = [];

/** Reads one page of /products and counts its own renders. */
export function ListConsumer({ index, page }: { index: number; page: number }) {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data, isLoading } = useBridgeQuery(products, 'list', { page, limit: 10 });
  renders[index] = (renders[index] ?? 0) + 1;
  return <p data-testid="consumer">{isLoading ? 'loading' : `${page}:${data.length}`}</p>;
}

/** Reads product 1. */
export function RecordConsumer() {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { data } = useBridgeQuery(products, 'get', { id: '1' });
  return <p data-testid="record">{data ? data.id : 'loading'}</p>;
}

/** Reads a page of /tasks: a key of another endpoint, which a products mutation leaves alone. */
export function TaskConsumer() {
  const tasks = useBridgeApi({ endpoint: '/tasks' });
  const { data } = useBridgeQuery(tasks, 'list', { page: 1 });
  return <p data-testid="tasks">{data.length}</p>;
}

/** Hands its `create` mutation to the benchmark through `onReady`. */
export function Mutator({
  onReady,
}: {
  onReady(create: (name: string) => Promise<unknown>): void;
}) {
  const products = useBridgeApi<Product>({ endpoint: '/products' });
  const { mutate } = useBridgeMutation(products, 'create');
  onReady((name) => mutate({ data: { name, price: 1 } }));
  return null;
}

/**
 * `count` distinct keys for a list of siblings.
 *
 * @example
 * keys('a', 2) // ['a0', 'a1']
 */
export function keys(prefix: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => `${prefix}${i}`);
}

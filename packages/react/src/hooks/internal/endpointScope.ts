/** The path of an endpoint without query, leading or trailing slashes: `'/products/'` → `'products'`. */
const pathOf = (endpoint: string) => endpoint.split(/[?#]/)[0]!.replace(/^\/+|\/+$/g, '');

/**
 * Which cached endpoints a write to `endpoint` changes: the same path and its parents
 * (`/products/7` changes `/products` lists and the `/products/7` record). Internal: what
 * `useBridgeFormSubmit` and the offline queue's replays revalidate.
 *
 * @example
 * affectedBy('/products/7')('/products') // true
 */
export function affectedBy(endpoint: string): (cachedEndpoint: string) => boolean {
  const path = pathOf(endpoint);
  return (cachedEndpoint) => {
    const cached = pathOf(cachedEndpoint);
    return path === cached || path.startsWith(`${cached}/`);
  };
}

import { BridgeForm, useBridgeApi, useBridgeQuery } from '@bridgekit/react';
import { productsEntity } from '../products';
import { navigate } from '../router';
import type { Product } from '../types';

const CATEGORIES = [
  'Books',
  'Electronics',
  'Garden',
  'Home',
  'Kitchen',
  'Outdoor',
  'Sports',
  'Toys',
];

/** `#/products/new` creates, `#/products/:id` loads the product and edits it. */
export function ProductFormPage({ id }: { id?: string }) {
  return id === undefined ? <ProductForm /> : <EditProduct id={id} />;
}

function EditProduct({ id }: { id: string }) {
  const products = useBridgeApi<Product>(productsEntity);
  const { data: product, error } = useBridgeQuery(products, 'get', { id });
  if (error) {
    return (
      <p className="error" role="alert">
        {error.message}
      </p>
    );
  }
  if (!product) return <p className="muted">Loading…</p>;
  return <ProductForm product={product} />;
}

/** Create (`POST /products`) or edit (`PUT /products/:id`) a product; shows the server's 422 errors. */
function ProductForm({ product }: { product?: Product }) {
  const editing = product !== undefined;

  return (
    <section className="card form-card">
      <h2>{editing ? `Edit “${product.name}”` : 'New product'}</h2>
      <BridgeForm<Product>
        endpoint={editing ? `/products/${encodeURIComponent(product.id)}` : '/products'}
        method={editing ? 'PUT' : 'POST'}
        noValidate
        data-testid="product-form"
        onSuccess={(saved) => navigate(`/products?saved=${encodeURIComponent(saved.name)}`)}
      >
        {({ isSubmitting, error }) => (
          <>
            {error && (
              <div className="error" role="alert" data-testid="form-error">
                <strong>
                  {error.status} {error.code}: {error.message}
                </strong>
                {error.errors && (
                  <ul>
                    {Object.entries(error.errors).map(([field, message]) => (
                      <li key={field}>
                        <code>{field}</code>: {message}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            )}
            <label>
              Name
              <input
                name="name"
                defaultValue={product?.name}
                aria-invalid={!!error?.errors?.name}
              />
            </label>
            <label>
              Price
              <input
                name="price"
                type="number"
                step="0.01"
                defaultValue={product?.price}
                aria-invalid={!!error?.errors?.price}
              />
            </label>
            <label>
              Category
              <select name="category" defaultValue={product?.category ?? 'Home'}>
                {[...new Set([...CATEGORIES, product?.category ?? 'Home'])].map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <label>
              Stock
              <input name="stock" type="number" step="1" defaultValue={product?.stock ?? 0} />
            </label>
            <label className="check">
              <input name="active" type="checkbox" defaultChecked={product?.active ?? true} />{' '}
              Active
            </label>
            <div className="actions">
              <button type="submit" data-testid="save-product">
                {isSubmitting ? 'Saving…' : 'Save'}
              </button>
              <a href="#/products">Cancel</a>
            </div>
          </>
        )}
      </BridgeForm>
    </section>
  );
}

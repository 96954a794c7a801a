import {
  BridgeForm,
  isBridgeApiError,
  useAuth,
  type PendingChange,
  useBridgeApi,
  useBridgeQuery,
  usePendingWrites,
} from '@bridgekit/react';
import { useState } from 'react';
import { DeleteOutcomeNotice } from '../components/DeleteOutcomeNotice';
import { ReadOnlyNotice } from '../components/ReadOnlyNotice';
import { listedProduct } from '../listedProducts';
import { useProductAccess } from '../productAccess';
import { productsEntity } from '../products';
import { navigate, useRoute } from '../router';
import type { Product } from '../types';
import { type DeleteProduct, useDeleteProduct } from '../useDeleteProduct';

/** The demo data's categories (they follow from the kind of product). */
const CATEGORIES = [
  'Books',
  'Electronics',
  'Garden',
  'Home',
  'Kitchen',
  'Outdoor',
  'Sports',
  'Tools',
];

const backLink = (
  <a href="#/products" data-testid="back-to-products">
    Back to the products
  </a>
);

/** `#/products/new` creates, `#/products/:id` loads the product and edits it. */
export function ProductFormPage({ id }: { id?: string }) {
  return id === undefined ? <NewProduct /> : <EditProduct id={id} />;
}

function NewProduct() {
  const { offerWrite, userType } = useProductAccess();
  if (offerWrite) return <ProductForm />;
  return (
    <>
      <ReadOnlyNotice />
      <section className="card" data-testid="create-not-offered">
        <h1>New product</h1>
        <p>A {userType} cannot create products.</p>
        <p>{backLink}</p>
      </section>
    </>
  );
}

/** The request reached no server (offline, or the network failed): not an answer about the product. */
const unreachable = (error: unknown) =>
  isBridgeApiError(error) && (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT');

function EditProduct({ id }: { id: string }) {
  const products = useBridgeApi(productsEntity);
  const { data: record, error, refetch } = useBridgeQuery(products, 'get', { id });
  const { user } = useAuth();
  // Offline, a product the list showed but nobody opened yet opens from the list's row.
  const listed = !record && unreachable(error) ? listedProduct(user?.id ?? '', id) : undefined;
  const product = record ?? listed ?? null;
  const { params } = useRoute();
  // Kept offline, the delete shows in the changes panel of the list.
  const remove = useDeleteProduct((gone, queued) =>
    navigate(queued ? '/products' : `/products?deleted=${encodeURIComponent(gone.name)}`),
  );
  const missing = isBridgeApiError(error) && error.status === 404;
  // SWR keeps the record it had when a revalidation fails: a 404 still means it is gone,
  // unless this page is deleting it (the list page takes over once that succeeded).
  const deletingHere = remove.isDeleting || remove.outcome?.kind === 'deleted';
  if (error && (!product || (missing && !deletingHere))) {
    return (
      <section className="card" data-testid="product-not-found">
        <h1>{missing ? 'Product not found' : 'Could not load the product'}</h1>
        <p className="error" role="alert">
          {missing
            ? `There is no product with id “${id}”: it may have been deleted.`
            : error.message}
        </p>
        <p>{backLink}</p>
      </section>
    );
  }
  if (!product) return <p className="muted">Loading…</p>;
  return (
    <ProductForm
      product={product}
      fromList={listed !== undefined}
      created={params.has('created')}
      remove={remove}
      reload={refetch}
    />
  );
}

/** The fields the form edits. */
const FIELDS = ['name', 'price', 'category', 'stock', 'active'] as const;

/** Whether two versions of a product have the same editable fields. */
function sameFields(a: Product | undefined, b: Product | undefined): boolean {
  return FIELDS.every((field) => a?.[field] === b?.[field]);
}

/** What the page says of a change to the product that waits in the offline queue, by its list. */
const PENDING_NOTICES: Record<PendingChange['list'], string> = {
  pending: 'A change to this product waits to be sent; the fields show it.',
  failed: 'A change to this product could not be sent: see above.',
  conflicts:
    'Someone else changed this product while you were offline: choose above which version to keep.',
  unknown: 'A change to this product may have been applied: see above.',
  expired: 'A change to this product is too old to be sent as it was: see above.',
};

/**
 * Create (`POST /products`) or edit (`PUT /products/:id`) a product; shows the server's 422
 * errors. Users who may not write see the record read-only, without Save and Delete.
 */
function ProductForm({
  product: record,
  fromList = false,
  created = false,
  remove,
  reload,
}: {
  product?: Product;
  /** The product is the list's row: its own record could not be fetched (offline). */
  fromList?: boolean;
  created?: boolean;
  /** Delete, for a product being edited. */
  remove?: DeleteProduct;
  /**
   * Reads the record again. A change the live module patched in keeps the version this page
   * read; taking their version reads the record again, so the next Save goes with its version
   * (`If-Match`) and is not refused as a change made on the old one.
   */
  reload?: () => Promise<void>;
}) {
  // The fields as the user's changes that wait offline leave them.
  const pending = usePendingWrites<Product>(productsEntity.endpoint);
  const product = pending.record(record);
  const change = product && pending.changeOf(product);
  const editing = product !== undefined;
  const { offerWrite } = useProductAccess();
  const readOnly = editing && !offerWrite;
  // What the fields were filled with. The record follows what others change (the live module):
  // a read-only view shows it at once; an editor is told, and takes it when they choose.
  const [filledWith, fillWith] = useState(product);
  const fields = readOnly ? product : filledWith;
  const changedElsewhere = editing && !readOnly && !sameFields(fields, product);

  return (
    <>
      <ReadOnlyNotice />
      {created && product && (
        <p className="success" role="status" data-testid="created-notice">
          Created “{product.name}” (id {product.id}). Here it is: change it below, or go{' '}
          <a href="#/products">back to the products</a>.
        </p>
      )}
      {remove && <DeleteOutcomeNotice outcome={remove.outcome} onDismiss={remove.dismiss} />}
      <section className="card form-card">
        <h1>
          {!editing ? 'New product' : readOnly ? `“${product.name}”` : `Edit “${product.name}”`}
        </h1>
        {fromList && (
          <p className="muted" data-testid="from-list">
            Offline: shown as the products list has it.
          </p>
        )}
        {change && (
          <p className="muted" data-testid="pending-notice">
            {PENDING_NOTICES[change.list]}
          </p>
        )}
        <BridgeForm<Product>
          // New fields when the user takes another version (or a read-only view follows one).
          key={JSON.stringify(fields ?? null)}
          endpoint={editing ? `/products/${encodeURIComponent(product.id)}` : '/products'}
          method={editing ? 'PUT' : 'POST'}
          noValidate
          data-testid="product-form"
          // Offline, the change waits on this device: back to the list, where it shows as pending.
          onQueued={() => navigate('/products')}
          onSuccess={(saved) =>
            editing
              ? navigate(`/products?saved=${encodeURIComponent(saved.name)}`)
              : // Straight to the new record, so the user sees what "Saved" made.
                navigate(`/products/${encodeURIComponent(saved.id)}?created=1`)
          }
        >
          {({ isSubmitting, error }) => (
            <>
              {/* The user's own save comes back on the feed too: not "someone else". */}
              {changedElsewhere && !isSubmitting && (
                <p className="changed-elsewhere" role="status" data-testid="changed-elsewhere">
                  Someone else changed this product while you had it open.{' '}
                  <button
                    type="button"
                    className="link"
                    onClick={async () => {
                      await reload?.();
                      fillWith(product);
                    }}
                  >
                    Show their version
                  </button>
                </p>
              )}
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
              <fieldset className="fields" disabled={readOnly}>
                <label>
                  Name
                  <input
                    name="name"
                    defaultValue={fields?.name}
                    aria-invalid={!!error?.errors?.name}
                  />
                </label>
                <label>
                  Price
                  <input
                    name="price"
                    type="number"
                    step="0.01"
                    defaultValue={fields?.price}
                    aria-invalid={!!error?.errors?.price}
                  />
                </label>
                <label>
                  Category
                  <select name="category" defaultValue={fields?.category ?? 'Home'}>
                    {[...new Set([...CATEGORIES, fields?.category ?? 'Home'])].map((c) => (
                      <option key={c}>{c}</option>
                    ))}
                  </select>
                </label>
                <label>
                  Stock
                  <input name="stock" type="number" step="1" defaultValue={fields?.stock ?? 0} />
                </label>
                <label className="check">
                  <input name="active" type="checkbox" defaultChecked={fields?.active ?? true} />{' '}
                  Active
                </label>
              </fieldset>
              <div className="actions">
                {!readOnly && (
                  <button type="submit" data-testid="save-product">
                    {isSubmitting ? 'Saving…' : 'Save'}
                  </button>
                )}
                {remove && product && !readOnly && (
                  <button
                    type="button"
                    className="danger"
                    data-testid="delete-product"
                    onClick={() => remove.ask(product)}
                  >
                    Delete…
                  </button>
                )}
                {readOnly ? backLink : <a href="#/products">Cancel</a>}
              </div>
            </>
          )}
        </BridgeForm>
      </section>
      {remove?.dialog}
    </>
  );
}

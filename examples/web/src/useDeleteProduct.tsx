import { isBridgeApiError, useBridgeApi, useBridgeMutation } from '@bridgekit/react';
import { type ReactNode, useCallback, useState } from 'react';
import { ConfirmDialog } from './components/ConfirmDialog';
import { productsEntity } from './products';
import type { Product } from './types';

/** How the last delete ended: gone, kept offline to be sent later, or refused and put back. */
export type DeleteOutcome =
  | { kind: 'deleted'; product: Product }
  | { kind: 'queued'; product: Product; message: string }
  | { kind: 'refused'; product: Product; status?: number; code?: string; message: string };

/** What `useDeleteProduct` returns. */
export interface DeleteProduct {
  /** Opens the confirm step for `product`. */
  ask(product: Product): void;
  /** The confirm dialog; render it once. */
  dialog: ReactNode;
  /** The last outcome, or `null`. */
  outcome: DeleteOutcome | null;
  /** `true` from the confirm until the server has answered. */
  isDeleting: boolean;
  dismiss(): void;
}

/**
 * Delete with a confirm step, optimistic: `useBridgeMutation(products, 'delete')` with
 * `optimistic: true` takes the row out of every cached list at once and puts it back if the
 * server refuses (a viewer's 403, a 404 when someone else deleted it first). Offline, the delete
 * is kept to be sent later: the row stays out, and the changes panel lists it.
 *
 * @example
 * const remove = useDeleteProduct();
 * <button onClick={() => remove.ask(product)}>Delete</button>{remove.dialog}
 */
export function useDeleteProduct(
  onDeleted?: (product: Product, queued: boolean) => void,
): DeleteProduct {
  const products = useBridgeApi(productsEntity);
  const { mutate, isLoading } = useBridgeMutation(products, 'delete');
  // The product stays after closing, so the dialog's text does not change while it fades.
  const [asked, setAsked] = useState<{ product: Product; open: boolean } | null>(null);
  const [outcome, setOutcome] = useState<DeleteOutcome | null>(null);

  const confirm = async () => {
    if (!asked?.open) return;
    const { product } = asked;
    setAsked({ product, open: false });
    let failure: unknown;
    const result = await mutate(
      { id: product.id },
      {
        optimistic: true,
        onError: (error) => {
          failure = error;
        },
      },
    );
    if (result.success) {
      setOutcome({ kind: 'deleted', product });
      onDeleted?.(product, false);
      return;
    }
    if (result.queued) {
      // Offline: the row stays out of the lists until the delete is sent (or the user discards it).
      setOutcome({ kind: 'queued', product, message: result.error });
      onDeleted?.(product, true);
      return;
    }
    setOutcome({
      kind: 'refused',
      product,
      message: result.error ?? 'Delete failed',
      ...(isBridgeApiError(failure) && { status: failure.status, code: failure.code }),
    });
  };

  const dialog = (
    <ConfirmDialog
      open={asked?.open ?? false}
      title="Delete this product?"
      confirmLabel="Delete"
      onConfirm={() => void confirm()}
      onCancel={() => setAsked((current) => current && { ...current, open: false })}
    >
      “{asked?.product.name}” will be deleted for everyone. This cannot be undone.
    </ConfirmDialog>
  );

  // Stable, so tables that take it in their columns do not rebuild them every render.
  const ask = useCallback((product: Product) => {
    setOutcome(null);
    setAsked({ product, open: true });
  }, []);

  return {
    ask,
    dialog,
    outcome,
    isDeleting: isLoading,
    dismiss: () => setOutcome(null),
  };
}

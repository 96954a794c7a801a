import type { DeleteOutcome } from '../useDeleteProduct';

/** "Deleted …", kept offline to be sent later, or the server's refusal and the rollback that followed it. */
export function DeleteOutcomeNotice({
  outcome,
  onDismiss,
}: {
  outcome: DeleteOutcome | null;
  onDismiss(): void;
}) {
  if (!outcome) return null;
  const dismiss = (
    <button type="button" className="link" aria-label="Dismiss" onClick={onDismiss}>
      ✕
    </button>
  );
  if (outcome.kind === 'queued') {
    return (
      <p className="notice notice-row" role="status" data-testid="delete-queued">
        <span>
          Deleting “{outcome.product.name}”. {outcome.message}.
        </span>
        {dismiss}
      </p>
    );
  }
  if (outcome.kind === 'deleted') {
    return (
      <p className="success notice-row" role="status" data-testid="delete-notice">
        <span>Deleted “{outcome.product.name}”.</span>
        {dismiss}
      </p>
    );
  }
  return (
    <div className="error notice-row" role="alert" data-testid="delete-refused">
      <span>
        <strong>
          The server refused to delete “{outcome.product.name}”
          {outcome.status ? ` (${outcome.status}${outcome.code ? ` ${outcome.code}` : ''})` : ''}:
        </strong>{' '}
        {outcome.message}. It was removed at once (optimistic update) and is now back where it was
        (rollback).
      </span>
      {dismiss}
    </div>
  );
}

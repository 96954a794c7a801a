import { isBridgeApiError } from '@bridgekit/react';

/** The per-field messages of a failed request (a 422's or a 409's `errors`), or none. */
export function fieldErrors(error: unknown): Record<string, string> {
  return isBridgeApiError(error) && error.errors ? error.errors : {};
}

/** A failure as one sentence for the form's alert (the field messages say the rest). */
export function errorMessage(error: unknown, fallback: string): string {
  if (
    Object.keys(fieldErrors(error)).length > 0 &&
    isBridgeApiError(error) &&
    error.status === 422
  ) {
    return 'Some fields need a change: see the messages under them.';
  }
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Moves the focus to the first field marked invalid in `form` (else to its alert), so a
 * keyboard or screen-reader user lands where the problem is after a refused submit.
 */
export function focusProblem(form: HTMLFormElement | null): void {
  const target = form?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
  target?.focus();
}

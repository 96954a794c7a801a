/**
 * Getting text out of the panel: onto the clipboard, or into a file the browser downloads.
 */

/**
 * Puts `text` on the clipboard; resolves whether it could.
 *
 * @example
 * const copied = await copyText(toCurl(call) ?? '');
 */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}

// Long enough for the browser to start the download, short enough to free the file soon.
const RELEASE_AFTER_MS = 10_000;

/**
 * Has the browser download `text` as a file named `name`.
 *
 * @example
 * downloadText('calls.har', JSON.stringify(toHar(calls)), 'application/json');
 */
export function downloadText(name: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), RELEASE_AFTER_MS);
}

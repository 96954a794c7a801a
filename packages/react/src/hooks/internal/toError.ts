/** `error` as an `Error`: itself when it is one, else wrapped with its text as the message. */
export function toError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

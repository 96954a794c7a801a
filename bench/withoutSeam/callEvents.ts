// The request-events seam taken out (bench/size.ts): the same exports, doing nothing, so the
// client bundles as it would without what a call reports to `client.observe`.
export function watchCall(): void {}
export function reportRequest(): void {}
export function reportAttempt(): void {}
export function reportRetry(): void {}
export function reportRedirect(): void {}
export function reportResponse<T>(_call: unknown, response: T): T {
  return response;
}

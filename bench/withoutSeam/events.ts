// The request-events seam taken out (bench/size.ts): the listeners of `client.observe`, never
// kept, and modules' events, never reported.
export const clientStreams = { set(): void {} };
export function listen(): () => void {
  return () => {};
}
export function dispatch(): void {}
export function isObserved(): boolean {
  return false;
}
export function reportEvent(): void {}

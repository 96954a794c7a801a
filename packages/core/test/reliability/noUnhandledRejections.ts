/**
 * Fails the test file when anything in the process rejects without a handler: the client
 * promises that every call resolves and that nothing it starts rejects behind the caller's
 * back (storage writes, timers, abandoned bodies).
 *
 * @example
 * failOnUnhandledRejections(); // at the top of a test file
 */
import { afterAll, beforeAll, expect } from 'vitest';

export function failOnUnhandledRejections(): void {
  const seen: unknown[] = [];
  const listener = (reason: unknown) => {
    seen.push(reason);
  };
  beforeAll(() => {
    process.on('unhandledRejection', listener);
  });
  afterAll(async () => {
    // Let rejections from the last test surface before judging.
    await new Promise((resolve) => setTimeout(resolve, 20));
    process.off('unhandledRejection', listener);
    expect(seen.map(String)).toEqual([]);
  });
}

/**
 * The longest delay `setTimeout` holds (2^31 - 1 ms, about 24.8 days): a longer one fires at
 * once, so every time-out and interval Bridgekit accepts is checked against it.
 *
 * @example
 * if (ms > MAX_TIMER_MS) throw new RangeError('timeout must be at most 2147483647 ms');
 */
export const MAX_TIMER_MS = 2_147_483_647;

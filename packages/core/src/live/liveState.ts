/**
 * The state of a live module, changed only through the named actions below (`reduceLive`), as
 * the auth lifecycle's is.
 */
import type { LiveEvent } from '../contract/live';
import type { LiveState } from './liveTypes';

/** What happens to a live module's state. */
export type LiveAction =
  /** The source (here or in the leading tab) is open: changes arrive. */
  | { type: 'opened' }
  /** A change or a reset came. */
  | { type: 'received'; event: LiveEvent }
  /** The source closed: lost (`error`), paused or stopped (`null`). */
  | { type: 'closed'; error: Error | null }
  /** Someone else signed in, or nobody is: nothing of the last user's stays. */
  | { type: 'cleared' };

/**
 * The state after `action`.
 *
 * @example
 * state = reduceLive(state, { type: 'opened' });
 */
export function reduceLive(state: LiveState, action: LiveAction): LiveState {
  switch (action.type) {
    case 'opened':
      return { ...state, connected: true, error: null };
    case 'received':
      return { ...state, lastEvent: action.event };
    case 'closed':
      return { ...state, connected: false, error: action.error };
    case 'cleared':
      return { ...state, connected: false, lastEvent: null, error: null };
  }
}

/**
 * The state of a module that follows nothing yet.
 *
 * @example
 * const state = initialLiveState('feed');
 */
export function initialLiveState(mode: LiveState['mode']): LiveState {
  return { connected: false, lastEvent: null, error: null, mode };
}

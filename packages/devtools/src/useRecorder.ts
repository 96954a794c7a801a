/**
 * The recorder of the provider above, for the web and the native component alike: it listens to
 * the instances' clients while the component is mounted, and stops when it unmounts.
 */
import { type BridgeInstances, useBridgeInstances } from '@bridgekit/react/hooks';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { createRecorder, type Recorder } from './record/recorder';
import type { RecorderState } from './record/recorderState';

/**
 * A recorder of every instance of the provider above, observing while mounted.
 *
 * @example
 * const { recorder, bridge } = useProviderRecorder(300);
 */
export function useProviderRecorder(limit?: number): {
  recorder: Recorder;
  bridge: BridgeInstances;
} {
  const bridge = useBridgeInstances();
  const [recorder] = useState(() => createRecorder(limit === undefined ? {} : { limit }));
  useEffect(() => recorder.observe(bridge.instances), [recorder, bridge]);
  return { recorder, bridge };
}

/**
 * What `recorder` holds, re-rendering when it changes.
 *
 * @example
 * const { calls } = useRecorderState(recorder);
 */
export function useRecorderState(recorder: Recorder): RecorderState {
  return useSyncExternalStore(recorder.subscribe, recorder.getState, recorder.getState);
}

/**
 * What every entry of `@bridgekit/devtools` shares: the recorder behind the panels, its state,
 * the redaction, and the exports (cURL, HAR), for tools of your own.
 */
export {
  createRecorder,
  type ObservedInstance,
  type Recorder,
  type RecorderOptions,
} from './record/recorder';
export type { Recorded, RecordedCall, RecorderState } from './record/recorderState';
export { createRedactor, isCredentialName, REDACTED, type Redactor } from './record/redact';
export { toCurl } from './export/curl';
export { type Har, type HarEntry, type HarPair, toHar } from './export/har';

/**
 * `@bridgekit/react`: everything of `@bridgekit/react/hooks` plus the web components
 * (`BridgeView`, `BridgeForm`, `BridgeTable`). Every name is listed on purpose and documented
 * in docs/guide/react.md.
 *
 * @example
 * import { BridgeProvider, BridgeTable, useAuth } from '@bridgekit/react';
 */
export * from './hooks/index';
export { BridgeForm, type BridgeFormProps, type BridgeFormState } from './components/BridgeForm';
export {
  BridgeTable,
  type BridgeTableClassNames,
  type BridgeTableProps,
} from './components/BridgeTable';
export { BridgeView } from './components/BridgeView';
export {
  OfflineIndicator,
  type OfflineIndicatorProps,
  type OfflineStatus,
} from './components/OfflineIndicator';
export type { ColumnDef } from './components/ColumnDef';
export { type FormValue, type FormValues, formValues, hasFiles } from './components/formValues';

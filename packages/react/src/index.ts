export * from './hooks/index';
export * from './components/BridgeForm';
export * from './components/BridgeTable';
export * from './components/BridgeView';
export * from './components/ColumnDef';
export * from './components/formValues';

export * from './hooks/index';

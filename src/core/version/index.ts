export * from './check';
export * from './compare';

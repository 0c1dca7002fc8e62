export * from './check';
export * from './compare';
export * from './info';

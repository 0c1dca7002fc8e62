export * from './actions';
export * from './downloads';

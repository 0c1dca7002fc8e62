export * from './footer';
export * from './logo';

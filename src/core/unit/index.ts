export * from './footer';
export * from './help-page';
export * from './logo';
export * from './settings';

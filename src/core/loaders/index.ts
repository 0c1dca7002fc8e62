export * from './assets';
export * from './plugins';

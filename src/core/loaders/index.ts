export * from './assets';
export * from './plugins';
export * from './unloaded';

export * from './apply';
export * from './calls';
export * from './css';
export * from './flow';
export * from './model';
export * from './picker';
export * from './prefs';
export * from './save';

export * from './css';
export * from './model';
export * from './picker';
export * from './save';

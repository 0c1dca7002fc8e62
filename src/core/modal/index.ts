export * from './constants';
export * from './geometry';
export * from './stack';

export * from './calls';
export * from './camera';
export * from './constants';
export * from './controller';
export * from './geometry';
export * from './machine';
export * from './notice';
export * from './strings';

export * from './config';
export * from './http';
export * from './session';
export * from './i18n/bilingual';
export * from './i18n/language';
export * from './i18n/packs';
export * from './util';
export * from './validate';

export * from './contact';
export * from './fields';
export * from './files';
export * from './id-card';
export * from './login';
export * from './password';

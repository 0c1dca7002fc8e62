import type { Plugin } from 'rollup';
export function esbuildTypeScript(): Plugin;

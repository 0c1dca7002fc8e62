import type { Plugin } from 'rollup';
export function immutableFiles(): Plugin;

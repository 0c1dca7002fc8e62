import type { Plugin } from 'rollup';
export function modulePreloads(): Plugin;

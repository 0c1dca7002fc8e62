import type { Plugin } from 'rollup';
export const MODULE_PRELOADS_FILE: string;
export function modulePreloads(): Plugin;

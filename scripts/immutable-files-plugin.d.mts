import type { Plugin } from 'rollup';
export const IMMUTABLE_FILES: string;
export function immutableFiles(): Plugin;

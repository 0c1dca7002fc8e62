export const MODULE_PRELOADS_FILE: string;
export const IMMUTABLE_FILES: string;

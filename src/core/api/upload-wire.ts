// The file store's wire constants: upload limits, the default server id, the §5 extension lists. wire.ts re-exports
// them; core modules import them from here, so that rollup puts them in the upload chunk with the code that reads
// them (rollup.config.mjs), out of the runtime every page loads.

/** Upload limits (§4 chunked upload, §9). The server enforces them; the uploader uses the same numbers. */
export const CHUNK_SIZE = 2 * 1024 * 1024;
export const MAX_CHUNK_BYTES = 10 * 1024 * 1024;
export const MAX_SINGLE_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;
export const MAX_CHUNKS = 1024;
export const MAX_BASE64_IMAGE_BYTES = 5 * 1024 * 1024;

/** Default storage server id for uploads (§3 upload parameters: serverid default `base`). */
export const DEFAULT_SERVER_ID = 'base';

/** §5: extensions no upload may carry (compared in lower case: see src/core/validate/files.ts). The server refuses them too. */
export const DISALLOWED_EXTENSIONS = [
  'exe',
  'jar',
  'jsp',
  'asp',
  'dll',
  'php',
  'aspx',
  'bat',
  'sh',
  'html',
  'com',
  'cgi',
  'class',
  'txt',
  'jspx',
] as const;
/** §5 image extensions (compared in lower case). */
export const IMAGE_EXTENSIONS = ['gif', 'jpg', 'jpeg', 'bmp', 'png', 'tif'] as const;

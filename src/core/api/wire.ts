// Wire conventions shared by the widgets and the reference server (demo/server).
// The spec (§4, §7) names these things but not their spelling; this file is the one place that spells them.

/** Platform version: part of the common plugin path (`/common/plugins/common-ph/1.6.0/...`). */
export const PLATFORM_VERSION = '1.6.0';

/** The access token travels in this HttpOnly cookie (requests are sent with credentials)... */
export const ACCESS_TOKEN_COOKIE = 'ph_access_token';
/** ...or, for pages that hold the token themselves (cross-origin embeds), as `Authorization: Bearer <token>`. */
export const AUTHORIZATION_HEADER = 'Authorization';
/** The refresh token never reaches script: HttpOnly cookie scoped to the refresh path. */
export const REFRESH_TOKEN_COOKIE = 'ph_refresh_token';
export const REFRESH_COOKIE_PATH = '/api/uaa/oauth/refresh';

/** Device header sent with every request (§7): which kind of client is calling. */
export const DEVICE_HEADER = 'X-PH-Device';
export const DEVICES = ['app', 'h5', 'pc'] as const;
export type Device = (typeof DEVICES)[number];

/** App path prefix header sent with every request (§7): the calling page's deploy prefix, e.g. `/pages/base`. */
export const APP_PATH_HEADER = 'X-PH-App-Path';

/**
 * Response signature (§4): the client sends a random `signature` query value (on `me`); the server answers with
 * this header holding `${signature}$${proof}`. A missing or different first part forces a re-login.
 */
export const SIGNATURE_HEADER = 'X-PH-Signature';
export const SIGNATURE_QUERY = 'signature';
export const SIGNATURE_SEPARATOR = '$';

/** Bilingual server messages: `中文|||English` (§8). */
export const BILINGUAL_SEPARATOR = '|||';

/** Upload limits (§4 chunked upload, §9). The server enforces them; the uploader uses the same numbers. */
export const CHUNK_SIZE = 2 * 1024 * 1024;
export const MAX_CHUNK_BYTES = 10 * 1024 * 1024;
export const MAX_SINGLE_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_FILE_BYTES = 1024 * 1024 * 1024;
export const MAX_CHUNKS = 1024;
export const MAX_BASE64_IMAGE_BYTES = 5 * 1024 * 1024;

/** Default storage server id for uploads (§3 upload parameters: serverid default `base`). */
export const DEFAULT_SERVER_ID = 'base';

/** Login answer code that is a plain wrong-credentials failure; any other code on status 400 goes to the bind page. */
export const INVALID_GRANT = 'invalid_grant';
/** Success code of the envelope. */
export const OK = 'ok';

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

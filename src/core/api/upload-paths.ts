import { ENDPOINTS } from './wire';

// The upload chunk's §7 paths, read here so that they stay in the shared runtime as plain strings. Were the upload
// chunk to import ENDPOINTS itself, the map would be exported across chunks and rollup would keep every one of its
// paths on every page (as api/voice-paths.ts explains; test/build/runtime-paths.test.ts holds this).
export const SECOND_UPLOAD_CHECK_PATH = ENDPOINTS.secondUploadCheck;
export const SINGLE_UPLOAD_PATH = ENDPOINTS.singleUpload;
export const CHUNK_CHECK_PATH = ENDPOINTS.chunkCheck;
export const CHUNK_UPLOAD_PATH = ENDPOINTS.chunkUpload;
export const MERGE_CHUNKS_PATH = ENDPOINTS.mergeChunks;
export const BASE64_IMAGE_PATH = ENDPOINTS.base64Image;
/** Any authenticated call, to let the page's client run its one shared refresh after a 401. */
export const SESSION_PROBE_PATH = ENDPOINTS.me;
/** "My files" (an added call): the caller's own stored files. */
export const OWN_FILES_PATH = ENDPOINTS.myFiles;

import { ENDPOINTS, endpointPath } from './wire';

// The face calls' §7 paths, read here so that they stay in the shared runtime as a few strings. The face rules and the
// widget are chunks of their own (rollup.config.mjs); had they imported ENDPOINTS, the map would be exported across
// chunks and rollup would keep every one of its paths on every page (+1 KB gzip on the work-chat page), as with
// api/voice-paths.ts; test/build/runtime-paths.test.ts holds this.
export const FACE_LOGIN_PATH = ENDPOINTS.faceLogin;
export const FACE_CLOCKING_PATH = ENDPOINTS.faceClocking;
export const FACE_CHECK_PATH = ENDPOINTS.faceCheck;
export const FACE_USER_PATH = ENDPOINTS.faceUser;
export const FACE_CHALLENGE_PATH = ENDPOINTS.faceChallenge;
/** The folder the detection model's files are served from. */
export const FACE_MODEL_FOLDER = /* @__PURE__ */ endpointPath(ENDPOINTS.faceModel, { file: '' }).replace(/\/$/, '');

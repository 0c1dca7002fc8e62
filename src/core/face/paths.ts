import { ENDPOINTS, endpointPath } from '../api/wire';

// The face calls' paths as plain constants, kept in the shared runtime (rollup.config.mjs): a lazy chunk that read
// ENDPOINTS itself would make rollup keep every §7 path in the runtime, since it cannot drop properties of an object
// that another chunk reads (about 1 KB gzip on every page).
export const FACE_LOGIN_PATH = ENDPOINTS.faceLogin;
export const FACE_CLOCKING_PATH = ENDPOINTS.faceClocking;
export const FACE_CHECK_PATH = ENDPOINTS.faceCheck;
export const FACE_USER_PATH = ENDPOINTS.faceUser;
/** The folder the detection model's files are served from. */
export const FACE_MODEL_FOLDER = /* @__PURE__ */ endpointPath(ENDPOINTS.faceModel, { file: '' }).replace(/\/$/, '');

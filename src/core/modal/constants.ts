// §9 modal constants.
export const MODAL_Z_INDEX_BASE = 1500;
export const MODAL_FADE_MS = 200;
export const MODAL_DEFAULT_WIDTH = '60%';
export const MODAL_DEFAULT_TOP = '15%';
/** The body may be at most the window height minus this many px. */
export const MODAL_BODY_MARGIN_PX = 180;
/** However tall its body, a dialog ends at least this many px above the window's bottom edge (and beside its sides). */
export const MODAL_WINDOW_GAP_PX = 8;
/** §2/§9: the login dialog overlays everything else at this z-index. */
export const LOGIN_DIALOG_Z_INDEX = 2500;

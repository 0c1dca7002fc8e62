// §9 modal constants.
/** §9: a page's modal dialogs (the ph-modal widget of §2's "other widgets") stack from this z-index. */
export const MODAL_Z_INDEX_BASE = 1500;
/**
 * §9 "Dialog z-indexes 10000-50000": the platform's own dialogs, §2's list (theme settings, message list, module
 * expiry, logout, licence, download-client, child selection, about, version), stack from 10000 and never past 50000.
 */
export const DIALOG_Z_INDEX_BASE = 10000;
export const DIALOG_Z_INDEX_MAX = 50000;
export const MODAL_FADE_MS = 200;
export const MODAL_DEFAULT_WIDTH = '60%';
export const MODAL_DEFAULT_TOP = '15%';
/** The body may be at most the window height minus this many px. */
export const MODAL_BODY_MARGIN_PX = 180;
/** However tall its body, a dialog ends at least this many px above the window's bottom edge (and beside its sides). */
export const MODAL_WINDOW_GAP_PX = 8;
/** §2/§9: the login dialog overlays everything else at this z-index. */
export const LOGIN_DIALOG_Z_INDEX = 2500;

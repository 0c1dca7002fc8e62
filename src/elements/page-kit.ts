// The helper kit of legacy module pages (issue 16): core's helpers of §5, §7 and §9 under `window.PH`, added by the
// classic bundle only. Element modules install the smaller PH of global.ts, so a work-chat page does not carry the
// kit; a classic bundle loaded after them adds it to the PH they installed.
import {
  $config,
  $language,
  type AccessRefusal,
  authDeps,
  buildTree,
  checkContact,
  checkEmail,
  checkIdCard,
  checkPhone,
  checkThemeColor,
  checkUploadFile,
  checkVersions,
  compressImage,
  type createGlobalPhinit,
  defaultClient,
  download,
  ENDPOINTS,
  type Envelope,
  type ExportTableResult,
  exportTable,
  formatBytes,
  formatCompact,
  formatNumber,
  getLocation,
  HttpError,
  handleLoginResult,
  helpPageAddress,
  type LoginData,
  type LoginOutcome,
  linkRefusal,
  loadCharts,
  loadScript,
  loadStyle,
  loadUiFramework,
  nextOwnFilesSort,
  type OwnFilesState,
  pageSite,
  parseQuery,
  randomId,
  readOwnFiles,
  refusalText,
  request,
  requireConfig,
  safeUrl,
  stringifyQuery,
  t,
  type VersionCheckResult,
  type VersionResponse,
  validateLoginFields,
  validatePassword,
  validatePasswordSimple,
  viewOwnFiles,
  watchZoom,
} from '../core';
import type { PhGlobal } from './global';

/** One version file or endpoint as checkVersions reads it: any HTTP answer is a status, only a lost network throws. */
async function versionGet(url: string): Promise<VersionResponse> {
  try {
    return { status: 200, data: await request({ url, raw: true, noIntercept: true }) };
  } catch (error) {
    if (error instanceof HttpError && error.response)
      return { status: error.response.status, data: error.response.body };
    throw error;
  }
}

const pageKit = {
  /**
   * §7 table export: posts the table (an element or a selector) to table2xls, under phinit's apiBase; the browser
   * saves the .xlsx it answers. Without a table it warns 'Please specify the table to download'.
   */
  exportTable: (table: HTMLTableElement | string | null | undefined, title: string): ExportTableResult =>
    exportTable(table, title, { url: `${$config.get()?.apiBase ?? ''}${ENDPOINTS.tableExport}` }),
  download,
  compressImage,
  formatBytes,
  formatNumber,
  formatCompact,
  buildTree,
  randomId,
  parseQuery,
  stringifyQuery,
  /** §4 version check of the page's micro-service (phinit's appCode unless another code is given). */
  checkVersions: async (code?: string): Promise<VersionCheckResult> => {
    const config = requireConfig();
    return checkVersions({ code: code ?? config.appCode, root: config.rootPath, env: config.env, get: versionGet });
  },
  /**
   * §4 login result handling for a page that signed in by a call of its own (the bind page's social_bind answers as a
   * login does): on 200 the sign-in is recorded as the widgets record theirs, then the page goes on (redirect_uri, the
   * jump page or the landing page); other answers as §4 says (400: bind page; else the message).
   */
  completeLogin: (answer: Envelope<Partial<LoginData> | null>): LoginOutcome => handleLoginResult(answer, authDeps()),
  /**
   * The gate every door passes (issue 34), for a module page without `<ph-header>` (which asks it by itself): null
   * when the signed-in user may use this page, else why not, with the sentence to show in the page's language.
   */
  pageAccess: async (): Promise<{ reason: AccessRefusal; text: string } | null> => {
    const refusal = await linkRefusal(getLocation().href(), getLocation().href());
    return refusal && { reason: refusal.reason, text: refusalText(refusal, t, $language.get()) };
  },
  /**
   * "My files", the caller's own stored files (an added call): `listed` (newest first, and how many in all),
   * `unavailable` with the sentence to show where the platform has no such call (a 404), or `failed`. No toast.
   */
  readOwnFiles: (): Promise<OwnFilesState> => readOwnFiles(defaultClient()),
  /**
   * "My files" as a table: `view` gives one page's rows in the chosen order (ties by name, §9 page size 30), `next` the
   * sort after a click on a column's header.
   */
  ownFilesView: { view: viewOwnFiles, next: nextOwnFilesSort },
  /**
   * The help page's own address: `back`, its `redUrl` through `safeUrl` (an absolute URL of this site, else ''), and
   * `clean`, the address without `accessToken`, to put in place of the one the footer's link opened.
   */
  helpPageAddress,
  /**
   * A URL from data (a stored file's `url`, a link in a record) through core's one resolver: its absolute href on
   * this page's site, or null for anything else (another origin, `javascript:`, `//host`, `/\\host`).
   */
  safeUrl: (text: unknown): string | null => safeUrl(text, pageSite()),
  watchZoom,
  loadScript,
  loadStyle,
  loadUiFramework,
  loadCharts,
  /** §5 rules; each failing answer carries the message to show, in the current language. */
  validate: {
    password: validatePassword,
    passwordSimple: validatePasswordSimple,
    loginFields: validateLoginFields,
    idCard: checkIdCard,
    email: checkEmail,
    phone: checkPhone,
    contact: checkContact,
    uploadFile: checkUploadFile,
    themeColor: checkThemeColor,
  },
};

export type PhPageKit = typeof pageKit;
/** `window.PH` on a page that loads the classic bundle (dist/ph-widgets.js). */
export type PhClassicGlobal = PhGlobal & PhPageKit;
/** The legacy global `phinit(options)`. */
export type GlobalPhinit = ReturnType<typeof createGlobalPhinit>;

/** Adds the kit's members that `window.PH` lacks (it may come from an element module or another version). */
export function installPageKit(): void {
  if (typeof window === 'undefined') return;
  const ph = window.PH as Partial<PhClassicGlobal> | undefined;
  if (!ph) return;
  for (const [name, helper] of Object.entries(pageKit)) {
    if (!(name in ph)) Object.assign(ph, { [name]: helper });
  }
}

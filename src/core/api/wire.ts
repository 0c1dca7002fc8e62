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

/** The Alibaba Cloud NLS speech recognition gateway (Shanghai region), the voice widget's default recogniser. Its
 * protocol is in nls.ts, which only the voice element loads. */
export const NLS_GATEWAY_URL = 'wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1';

/** Login answer code that is a plain wrong-credentials failure; any other code on status 400 goes to the bind page. */
export const INVALID_GRANT = 'invalid_grant';
/** Success code of the envelope. */
export const OK = 'ok';

/** §6: the base system's administrator role; its holders may sync a theme to every user of the unit. */
export const ADMIN_ROLE = 'XX_SYS_';

// The file store's constants (upload limits, server id, §5 extension lists) are in upload-wire.ts, so that they travel
// with the upload engine and not in every page's runtime.
export {
  CHUNK_SIZE,
  DEFAULT_SERVER_ID,
  DISALLOWED_EXTENSIONS,
  IMAGE_EXTENSIONS,
  MAX_BASE64_IMAGE_BYTES,
  MAX_CHUNK_BYTES,
  MAX_CHUNKS,
  MAX_FILE_BYTES,
  MAX_SINGLE_UPLOAD_BYTES,
} from './upload-wire';

/**
 * Every path of spec §7 (and the few calls the reference server adds), named once. Core builds its requests from
 * these and the reference server registers its routes with them, so a path cannot drift between the two.
 * `:name` segments are parameters: Fastify reads them as such; `endpointPath` fills them for a request.
 */
export const ENDPOINTS = {
  // uaa: login and session (§4 Login, Request flow)
  login: '/api/uaa/oauth/login',
  relogin: '/api/uaa/oauth/relogin',
  deviceClientLogin: '/api/uaa/oauth/login_user_client',
  refresh: '/api/uaa/oauth/refresh',
  me: '/api/uaa/oauth/me',
  logout: '/api/uaa/oauth/logout',
  authorize: '/api/uaa/shiyue_webauth',
  /** POST: social login, `:provider` being the provider (`qy`, `mp`) or a QR login's `state`; GET with
   * `:provider` = `{qy|mp}_info`: the provider's app id. */
  social: '/api/uaa/social/:provider',
  socialList: '/api/uaa/social_list',
  socialBind: '/api/uaa/social_bind',
  switchLogin: '/api/uaa/switch/login',
  ssoLoginUrl: '/api/sso/select/login/url',
  ssoTicketLogin: '/api/sso/ticket/login',
  unitConfig: '/api/uaa/oauth/login/unit_config',
  // uaa: face (§4 Face widget)
  faceLogin: '/api/uaa/oauth/login/face',
  faceClocking: '/api/uaa/login/face/clocking',
  faceCheck: '/api/uaa/face/check',
  faceUser: '/api/uaa/face/user',
  /** Added: a user's clock-in (attendance) rows, newest first. */
  faceAttendance: '/api/uaa/face/attendance',
  /** Added (issue 37): POST, a single-use liveness challenge for a face login or clock-in that follows. */
  faceChallenge: '/api/uaa/login/face/challenge',
  // base: desktop, theme, messages (§4 Messages, Layout and theme)
  themeColor: '/api/base/my_desktop/color',
  setTheme: '/api/base/desktop/settheme',
  unhandledCount: '/api/base/desktop/unhandlecount',
  unreadMessages: '/api/base/desktop/message_select_not_read',
  markAllRead: '/api/base/desktop/message_update_status_by_me',
  markRead: '/api/base/desktop/message_update_statusby_id',
  reminders: '/api/base/desktop/popUpBox_select',
  messageConfig: '/api/base/desktop/getMessageConfig',
  insideModules: '/api/base/resource/inside/module',
  permissionTree: '/api/base/resource/user/code/tree',
  accessLog: '/api/base/user_access_detail',
  appIcons: '/api/base/desktop/my_app_icon',
  unreadCodeCount: '/api/base/desktop/unReadCodeCount',
  /** Added: POST a school teacher's icon order inside one group (`groupCode`, `codes` comma-separated). */
  appIconOrder: '/api/base/desktop/app_icon_order',
  // base: unit, licences, roles, family (§6)
  licenceOam: '/api/base/license/unit_oam',
  licence: '/api/base/license/unit',
  vocationalSchool: '/api/base/unit/is_vocational_school',
  haveInstitute: '/api/base/unit/have_institute',
  /** Added (issue 67): POST `{enabled}`, a unit admin's choice whether the unit's people may sign in by face. */
  unitFaceLogin: '/api/base/unit/face_login',
  roleCheck: '/api/base/role/user/:userId/:role/base',
  unitLogo: '/api/storage/show/unit/:unitId',
  alreadyParentTeacher: '/api/base/select/already/parent/teacher',
  setParentChildren: '/api/base/student/set/parentChildren',
  childrenOfParent: '/api/base/student/find_all_student_by_parent_id',
  currentChildOfParent: '/api/base/student/find_stu_by_parent_id',
  // base: voice (§4 Voice recording)
  voiceToken: '/api/base/get_ali_token',
  findSkill: '/api/base/find_by_vocabulary',
  // versions (§4 Initialisation and versions)
  /** `:file` is `{code}` + PACKAGE_VERSIONS_SUFFIX. */
  packageVersions: '/api/:code/nl/:file',
  // storage (§4 Chunked upload)
  secondUploadCheck: '/api/storage/file_piecewise/second_upload_check',
  singleUpload: '/zuul/api/storage/upload',
  chunkCheck: '/api/storage/file_piecewise/block_upload_check',
  chunkUpload: '/zuul/api/storage/file_piecewise/upload',
  mergeChunks: '/api/storage/file_piecewise/merge_file',
  base64Image: '/api/storage/upload/base64_convert_image',
  storedFile: '/api/storage/file/:md5',
  /** Added (no §7 call lists files): GET the caller's own files, newest first (`limit`, at most 100). */
  myFiles: '/api/storage/my_files',
  download: '/api/storage/download',
  // export (§7 table export)
  tableExport: '/api/base/common/table2xls',
  // files next to the pages (§7: manifests, package and version files, language packs, stylesheets)
  /** `:app` is the app code. */
  manifest: '/:app/manifest.json',
  /** `:root` is `pages` or `area`, `:code` the app code. */
  packageJson: '/:root/:code/package.json',
  /** `:dir` is `{code}-version`. */
  versionHistory: '/:root/:dir/version.json',
  /** `:file` is `{language}-ph.json`. */
  // Plain literals, the version written out (a test holds it to PLATFORM_VERSION): one computed value makes rollup
  // keep the whole map, every path, in each page's runtime (about 0.9 KB gzip).
  sharedLanguagePack: '/common/plugins/common-ph/1.6.0/lang/:file',
  /** `:file` is `{language}-{appCode}.json`. */
  pageLanguagePack: '/:root/:page/lang/:file',
  /** `:file` is `{theme}.css`. */
  themeStylesheet: '/common/plugins/common-ph/1.6.0/css/:file',
  // served by the reference server only: the SSO sign-in page, the stand-in provider page, sub-app scripts, app icons,
  // the speech gateway
  ssoPage: '/sso/login',
  /** Stands in for the providers' authorisation page of work-chat and chat-app sign-in (`socialAuthorize`). */
  socialProviderPage: '/sso/social/authorize',
  /** WebSocket: the NLS one-sentence recognition protocol (src/core/api/nls.ts), offline English. */
  nlsGateway: '/nls-gateway/ws/v1',
  /** `:file` is `{fileId}.js` or `{fileId}.css`. */
  subapp: '/subapps/:app/:file',
  /** `:file` is `{code}.svg`, `{code}-gray.svg` or `{code}-cartoon.svg`. */
  appIcon: '/assets/icons/:file',
  /** `:file` is one file of a face-detection model the widget loads (weights manifest or weights). */
  faceModel: '/assets/face-models/:file',
} as const;

export type EndpointName = keyof typeof ENDPOINTS;

/** The `:file` of `packageVersions` is the service code followed by this. */
export const PACKAGE_VERSIONS_SUFFIX = '_package_versions';

/** The refresh token's cookie lives on the refresh endpoint's path only. */
export const REFRESH_COOKIE_PATH = ENDPOINTS.refresh;

/** Fills the `:name` segments of an endpoint (each value URI-encoded); a missing value is an error, not "undefined". */
export function endpointPath(pattern: string, params: Record<string, string | number> = {}): string {
  return pattern.replace(/:([A-Za-z][A-Za-z0-9]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`endpointPath: no value for :${name} in ${pattern}`);
    return encodeURIComponent(String(value));
  });
}

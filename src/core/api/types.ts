// The entities of spec §3 as they travel over the wire. Shared by src/core and demo/server; nothing else is.

/** The response envelope of every `/api/...` call (§3 login response, §8). */
export interface Envelope<T = unknown> {
  status: number;
  code: string;
  /** May be bilingual: `中文|||English`. */
  message: string;
  data: T;
  fieldErrors?: FieldError[];
}

export interface FieldError {
  field: string;
  message: string;
}

/** POST /api/uaa/oauth/login payload (§3). */
export interface LoginPayload {
  username: string;
  password: string;
  noIntercept?: boolean;
}

/** `data` of every successful login-like call (login, relogin, device client, social, face, refresh, switch). */
export interface LoginData {
  unitType: string;
  unitId: string;
  userType: number;
  userId: string;
  openid?: string;
  unionid?: string;
  /** Added by the reference server (issue 69): the account is a clock-in terminal's, which lands on the clock-in page. */
  faceTerminal?: boolean;
  accessToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
}

/** `data` of GET /api/uaa/oauth/me: the server-owned part of the session state (§3). */
export interface MeData {
  userId: string;
  userType: number;
  realName: string;
  loginName: string;
  unitId: string;
  unitType: string;
  unitName: string;
  unitEnName: string;
  unitStatus: number;
  userStatus: number;
  unitShardingCode: string;
  /** JSON string of campus units, parsed by the client (§3). */
  campusUnits: string;
  unitImgPath: string;
  userImgPath: string;
  avatar: string;
  /** 1 boy, 2 girl, anything else the default image. */
  sex: number;
  year: string;
  term: string;
  langType: string;
  theme: string;
  themeColor: string;
  prePath: string;
  accessToken: string;
  superman: boolean;
  iszx: boolean;
  unitHaveInstitute: boolean;
  /** Added by the reference server (issue 69): the account is a clock-in terminal's (role FACE_TERMINAL). */
  faceTerminal?: boolean;
}

/** A linked child of a parent (§3). Only status 1 children enter the session. */
export interface Child {
  id: string;
  realName: string;
  gradeName: string;
  className: string;
  status: number;
}

/** Role-switch candidate (§3). */
export interface RoleCandidate {
  id: string;
  name: string;
}

/** Application item (§3). */
export interface AppItem {
  code: string;
  zname: string;
  name: string;
  shortName: string;
  englishName: string;
  englishShortName: string;
  iconImg: string;
  imgPath: string;
  imgGrayPath: string;
  imgCartoonPath: string;
  menuRoute: string;
  serverId: string;
  deployPath: string;
  frontUserType: string;
  limitUserType: string;
  /** 0 hides the app. */
  updateStatus: number;
  unReadCodeCount: number;
}

export const GROUP_CODES = ['ZDYYYFL-CYYY', 'XZBG', 'JWGL', 'SJZX', 'JZGGL', 'ZZXX', 'JYKY', 'XSCZ', 'ZWHQ'] as const;
export type GroupCode = (typeof GROUP_CODES)[number];

/** Menu group of the desktop (§3). */
export interface MenuGroup {
  code: GroupCode;
  name: string;
  iconVMs: AppItem[];
}

/** Node of the permission tree (§3): resourceType 2 is a route. */
export interface MenuNode {
  code: string;
  name: string;
  resourceType: number;
  menuRoute: string;
  children: MenuNode[];
}

/** Desktop message (§3). `content` is a JSON list of ExpiryModule when openWay is 1. */
export interface Message {
  id: string;
  messageMeno: string;
  module: string;
  messageDate: string;
  importance: 1 | 2 | 3 | 4 | 5;
  openWay: number;
  url: string;
  content: string;
}

/** Expiry module entry (§3); `status` is derived on the client. */
export interface ExpiryModule {
  code: string;
  name: string;
  englishName: string;
  endTime: string;
}

/** GET /api/base/desktop/popUpBox_select answer (§3). */
export interface PopUpPage {
  list: Message[];
  pages: number;
  total: number;
}

/** GET /api/base/desktop/unhandlecount answer (§3). */
export interface UnhandledCount {
  todo: number;
  message: number;
}

/** GET /api/base/desktop/getMessageConfig answer. */
export interface MessageConfig {
  pcOpen: number;
}

/** Filing entry of the footer (§3 decorationSet.footerMsg.baList). */
export interface FilingEntry {
  baImg: string;
  baContent: string;
  baUrl: string;
  showImg: boolean;
}

export interface FooterMessage {
  show: boolean;
  helpCenter: string;
  showBaMsg: boolean;
  baList: FilingEntry[];
  copyright: string;
}

/** GET /api/uaa/oauth/login/unit_config answer (§3); decorationSet is a JSON string of `{ footerMsg }`. */
export interface UnitLoginConfig {
  footer: string;
  link: string;
  decorationSet: string;
  /**
   * Added (issue 67): false when the unit turned face sign-in off, so the login page does not offer it. Absent (a §7
   * back end) means on.
   */
  faceLogin?: boolean;
}

/** Version info (§3). */
export interface VersionInfo {
  name: string;
  appVersion: string;
  serverVersion: string;
  packageDate: string;
  webCodeVersion: string;
  date: string;
}

export interface VersionHistoryEntry {
  version: string;
  date: string;
  metto: { cn: string; en: string };
}

/** Face record (§3). */
export interface FaceRecord {
  faceImage: string;
  registerTime: string;
  userId: string;
}

/** One clock-in (§7 leaves the clocking answer's shape open; the reference server answers this). */
export interface FaceClocking {
  userId: string;
  realName: string;
  /** `YYYY-MM-DD HH:mm:ss`, UTC, from the server clock. */
  clockTime: string;
}

/** GET /api/uaa/face/attendance answer (added): a user's clock-ins, newest first. */
export interface AttendancePage {
  list: FaceClocking[];
  pages: number;
  total: number;
}

/** Sub-application manifest (§3): `{fileId}.js` (and optionally `{fileId}.css`) to asset URL. */
export type Manifest = Record<string, string>;

/** GET /api/base/desktop/unReadCodeCount entry. */
export interface UnreadCodeCount {
  code: string;
  num: number;
}

/** Theme of GET /api/base/my_desktop/color and POST /api/base/desktop/settheme (§3, §7). */
export interface ThemeSetting {
  type: 'color' | 'default_color';
  theme: string;
}

/** `data` of the upload calls that store a file (single upload, merge_file, base64 image, second_upload_check hit). */
export interface StoredFile {
  /** Same as md5: files are stored by content. */
  fileId: string;
  md5: string;
  name: string;
  size: number;
  url: string;
}

/** One of the caller's own files in `myFiles` (an added call): the stored file under the name they gave it. */
export interface OwnFile extends StoredFile {
  /** When they uploaded it, or last chose it again (epoch ms). */
  keptAt: number;
}

/** `data` of GET /api/storage/my_files: the newest `list`, and how many files the caller has in all. */
export interface OwnFiles {
  list: OwnFile[];
  total: number;
}

/** `data` of POST /api/storage/file_piecewise/block_upload_check: `data.data` tells whether the chunk is stored. */
export interface ChunkCheck {
  data: boolean;
  chunk: number;
}

/** `data` of a social login answered 400 `unbound`: what the bind page needs (§2 bind page query). */
export interface UnboundSocial {
  openid: string;
  unionid: string;
  /** The pending binding on the server. */
  id: string;
}

/** `data` of POST /api/uaa/shiyue_webauth: the client's redirect_uri with `code` and `state`. */
export interface AuthorizeResult {
  redirect: string;
}

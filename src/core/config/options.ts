import type { Device } from '../api/wire';
import type { QrLoginSetting } from '../auth/qr-login';
import type { ClientDownloadLinks } from '../header/downloads';

export type Env = 'development' | 'production';

/** Single-sign-on ticket settings (§4 login mode 4). The misspelling is the legacy option name, kept on purpose. */
export interface TicketConfig {
  /** Endpoint that exchanges a `ticket` query value for a login. */
  apipath?: string;
}

/** The voice widget's recogniser (§4 Voice recording; docs/guide/voice.md). */
export interface VoiceOptions {
  /** `nls` (default): Alibaba Cloud NLS with the token of get_ali_token. `web-speech`: the browser's own recognition
   * where it exists, NLS elsewhere. */
  recognizer?: 'nls' | 'web-speech';
  /** The NLS gateway; default `wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1`. A path is taken on the page's host. */
  nlsUrl?: string;
  /** The NLS project app key of each language: Mandarin (zh-CN), English (en), Cantonese (zh-HK). */
  appKeys?: { 'zh-CN'?: string; en?: string; 'zh-HK'?: string };
}

/** What a page passes to `phinit` (§4 Initialisation). Only `code` and `appCode` are required. */
export interface PhinitOptions {
  /** Page code, e.g. `desktop` for `pc_desktop_all`. */
  code?: string;
  /** Application (micro-service) code of the page, e.g. `base`. */
  appCode?: string;
  /**
   * Where the platform's `/api/...` calls go; '' means the page's own origin. A path (`/platform`) keeps them on the
   * page's origin and is also the platform's prefix: landing pages, the login page, `redirect_uri`, language packs
   * and every other platform URL go under it. A URL (`https://api.school.example`) moves the calls to that host only.
   */
  apiBase?: string;
  /**
   * The platform's path prefix on the page's origin (`/platform`) when it is not `apiBase`'s path — when `apiBase` is
   * another host, or the API sits at another path. Default: `apiBase` when that is a path, else none.
   */
  basePath?: string;
  /**
   * Where the classic script's own files lie (its lazy scripts, workers, worklet, face detector files): a folder URL
   * or path. Default: the folder the classic script was loaded from, however it was loaded (issue 53).
   */
  assetsBase?: string;
  /** First path segment of deployed pages; default `pages`. */
  rootPath?: string;
  env?: Env;
  device?: Device;
  /** Value of the app path header (§7); default `/{rootPath}/{appCode}`. */
  appPath?: string;
  /** Folder of the school desktop landing page; default `base`. */
  base?: string;
  /** Folder of the area desktop landing page; default `areaBase`. */
  areaBase?: string;
  /** Server id segment of application module URLs; default `appCode`. */
  serverId?: string;
  /** Overrides the tm/spm segment of application module URLs when set. */
  pre?: string;
  /**
   * Origins besides the page's own that a login's `redirect_uri` may lead to (cross-subdomain deployments), each an
   * exact origin such as `https://library.school.example`; wildcards and paths are refused.
   */
  allowedRedirectOrigins?: string[];
  /**
   * The providers' authorisation pages for sign-in inside work-chat (`qy`) and the chat app (`mp`), and from the
   * login page's icons: `{ qy: { url, scope }, mp: { url, scope } }`. Default: the real providers' pages
   * (open.weixin.qq.com, scope snsapi_base).
   */
  socialAuthorize?: Partial<Record<'qy' | 'mp', { url?: string; scope?: string }>>;
  /**
   * The login page's QR container (`<ph-login qr>`, §2, §7's chat-login script): `{ script, agentId, style }`, the
   * WeCom web-login script's URL (`https://wwcdn.weixin.qq.com/node/wework/wwopen/js/wwLogin-1.2.7.js`), the WeCom
   * app it signs in to and a stylesheet for its frame. Without `script` the box says QR sign-in is unavailable.
   */
  qrLogin?: QrLoginSetting;
  /** Page opened after login when no redirect_uri is given. */
  jumpPage?: string;
  /** One-proxy deployments serve the bind page under the root path (§2). */
  oneProxy?: boolean;
  loginTickitConifg?: TicketConfig;
  /**
   * Languages the page offers (its language links or dropdown); must be an array (§5). Default: the three, on the
   * login shell too (issue 55).
   */
  languages?: unknown;
  /** Language asked for by the page (second in the resolution order of §9). */
  language?: string;
  /** A preloaded key-to-text table; when given no language file is fetched (§4). */
  languagePack?: Record<string, string>;
  /** Skip the shared `common-ph` language file (§4). */
  skipSharedLanguagePack?: boolean;
  /** The one unit whose users land on `/{root}/base/pc_app_tm/index.html` (§2). */
  specialUnitId?: string;
  /** External help center address (§2). */
  helpCenterUrl?: string;
  /** Desktop client installers for the header's download dialog (§2): http(s) or same-site links. */
  clientDownloads?: ClientDownloadLinks;
  /**
   * The page runs inside the desktop client (an electron shell is also recognised by its user agent): a session that
   * cannot be recovered goes to `/needtologinpagerelogin` instead of `/login` (§2).
   */
  desktopClient?: boolean;
  /** Device client id of the app shell, used for device-client login (§4). */
  userClientId?: string;
  /** The app shell's logout hook, called with 'device login failed' when a lost session cannot log in again (§8). */
  onDeviceLoginFailed?: (reason: string) => void;
  /** Request timeout in ms; default 1,200,000 (§9). */
  timeout?: number;
  /** Base of the hash router (§2). */
  routerBase?: string;
  voice?: VoiceOptions;
}

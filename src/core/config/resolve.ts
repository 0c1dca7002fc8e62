import { DEVICES, type Device, NLS_GATEWAY_URL, PLATFORM_VERSION } from '../api/wire';
import { redirectOrigins } from '../auth/redirect';
import type { ClientDownloadLinks } from '../header/downloads';
import { LANGUAGES, type Language } from '../i18n/language';
import { notify } from '../notify';
import { platformPrefix } from '../routes/site';
import type { Env, PhinitOptions, TicketConfig, VoiceOptions } from './options';

/** §9 request timeout. */
export const DEFAULT_TIMEOUT = 1_200_000;
/** §9 default root path. */
export const DEFAULT_ROOT_PATH = 'pages';
/**
 * Every page, the login shell included, offers the three languages unless it lists its own. Issue 55 supersedes
 * §9's "(the login shell offers zh-CN and en)": a zh-HK visitor's login page read Simplified Chinese between
 * Traditional forgot-password, bind and desktop pages.
 */
export const DEFAULT_LANGUAGES: readonly Language[] = LANGUAGES;

export type VoiceConfig = Required<Pick<VoiceOptions, 'recognizer' | 'nlsUrl'>> & {
  appKeys: Partial<Record<Language, string>>;
};

/** The voice options with their defaults: NLS on Alibaba Cloud's Shanghai gateway, no app keys. */
export function resolveVoiceConfig(options: VoiceOptions = {}): VoiceConfig {
  const appKeys: Partial<Record<Language, string>> = {};
  for (const language of LANGUAGES) {
    const key = options.appKeys?.[language];
    if (typeof key === 'string' && key.trim() !== '') appKeys[language] = key.trim();
  }
  return {
    recognizer: options.recognizer === 'web-speech' ? 'web-speech' : 'nls',
    nlsUrl: options.nlsUrl?.trim() || NLS_GATEWAY_URL,
    appKeys,
  };
}

/** The configuration every core module reads, with every default filled in. */
export interface PhConfig {
  code: string;
  appCode: string;
  apiBase: string;
  /** The platform's path prefix, from `basePath` or a path `apiBase`: '' or e.g. `/platform`. */
  basePath: string;
  /** phinit's `assetsBase`, as given; undefined: the classic script's own folder. */
  assetsBase?: string;
  rootPath: string;
  env: Env;
  device: Device;
  platformVersion: string;
  appPath: string;
  base: string;
  areaBase: string;
  serverId: string;
  pre?: string;
  jumpPage?: string;
  allowedRedirectOrigins: string[];
  socialAuthorize: NonNullable<PhinitOptions['socialAuthorize']>;
  qrLogin?: PhinitOptions['qrLogin'];
  oneProxy: boolean;
  loginTickitConifg: TicketConfig;
  languages: Language[];
  language?: string;
  languagePack?: Record<string, string>;
  skipSharedLanguagePack: boolean;
  specialUnitId?: string;
  helpCenterUrl?: string;
  clientDownloads: ClientDownloadLinks;
  userClientId?: string;
  desktopClient: boolean;
  onDeviceLoginFailed?: (reason: string) => void;
  timeout: number;
  routerBase: string;
  voice: VoiceConfig;
}

function requireText(value: string | undefined, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${name} 不能为空`);
  return value;
}

/** §5: the language list must be an array (info notice otherwise); unknown entries are dropped. */
export function languageList(value: unknown, fallback: readonly Language[] = DEFAULT_LANGUAGES): Language[] {
  if (value === undefined) return [...fallback];
  if (!Array.isArray(value)) {
    notify('info', 'data type error, language list must be an array');
    return [...fallback];
  }
  return value.filter((item): item is Language => (LANGUAGES as readonly unknown[]).includes(item));
}

function pickDevice(device: unknown): Device {
  return (DEVICES as readonly unknown[]).includes(device) ? (device as Device) : 'pc';
}

/** Pure: options → configuration. Throws the two init errors of §8 (code is checked first). */
export function resolveConfig(options: PhinitOptions): PhConfig {
  const code = requireText(options.code, 'code');
  const appCode = requireText(options.appCode, 'appCode');
  const rootPath = options.rootPath || DEFAULT_ROOT_PATH;
  return {
    code,
    appCode,
    apiBase: options.apiBase ?? '',
    basePath: platformPrefix(options),
    assetsBase: options.assetsBase || undefined,
    rootPath,
    env: options.env === 'production' ? 'production' : 'development',
    device: pickDevice(options.device),
    platformVersion: PLATFORM_VERSION,
    appPath: options.appPath ?? `/${rootPath}/${appCode}`,
    base: options.base || 'base',
    areaBase: options.areaBase || 'areaBase',
    serverId: options.serverId || appCode,
    pre: options.pre,
    jumpPage: options.jumpPage,
    allowedRedirectOrigins: redirectOrigins(options.allowedRedirectOrigins),
    socialAuthorize: { ...options.socialAuthorize },
    qrLogin: options.qrLogin,
    oneProxy: options.oneProxy === true,
    loginTickitConifg: { ...options.loginTickitConifg },
    languages: languageList(options.languages),
    language: options.language,
    languagePack: options.languagePack,
    skipSharedLanguagePack: options.skipSharedLanguagePack === true,
    specialUnitId: options.specialUnitId,
    helpCenterUrl: options.helpCenterUrl,
    clientDownloads: { ...options.clientDownloads },
    userClientId: options.userClientId,
    desktopClient: options.desktopClient === true,
    onDeviceLoginFailed: options.onDeviceLoginFailed,
    timeout: options.timeout && options.timeout > 0 ? options.timeout : DEFAULT_TIMEOUT,
    routerBase: options.routerBase ?? '/',
    voice: resolveVoiceConfig(options.voice),
  };
}

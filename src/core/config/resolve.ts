import { DEVICES, type Device, PLATFORM_VERSION } from '../api/wire';
import { redirectOrigins } from '../auth/redirect';
import { LANGUAGES, type Language } from '../i18n/translate';
import { notify } from '../notify';
import type { Env, PhinitOptions, TicketConfig } from './options';

/** §9 request timeout. */
export const DEFAULT_TIMEOUT = 1_200_000;
/** §9 default root path. */
export const DEFAULT_ROOT_PATH = 'pages';
/** The login shell offers these two when the page gives no usable list (§9). */
export const DEFAULT_LANGUAGES: readonly Language[] = ['zh-CN', 'en'];

/** The configuration every core module reads, with every default filled in. */
export interface PhConfig {
  code: string;
  appCode: string;
  apiBase: string;
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
  oneProxy: boolean;
  loginTickitConifg: TicketConfig;
  languages: Language[];
  language?: string;
  languagePack?: Record<string, string>;
  skipSharedLanguagePack: boolean;
  specialUnitId?: string;
  helpCenterUrl?: string;
  userClientId?: string;
  desktopClient: boolean;
  onDeviceLoginFailed?: (reason: string) => void;
  timeout: number;
  routerBase: string;
}

function requireText(value: string | undefined, name: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${name} 不能为空`);
  return value;
}

/** §5: the language list must be an array (info notice otherwise); unknown entries are dropped. */
export function languageList(value: unknown): Language[] {
  if (value === undefined) return [...DEFAULT_LANGUAGES];
  if (!Array.isArray(value)) {
    notify('info', 'data type error, language list must be an array');
    return [...DEFAULT_LANGUAGES];
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
    oneProxy: options.oneProxy === true,
    loginTickitConifg: { ...options.loginTickitConifg },
    languages: languageList(options.languages),
    language: options.language,
    languagePack: options.languagePack,
    skipSharedLanguagePack: options.skipSharedLanguagePack === true,
    specialUnitId: options.specialUnitId,
    helpCenterUrl: options.helpCenterUrl,
    userClientId: options.userClientId,
    desktopClient: options.desktopClient === true,
    onDeviceLoginFailed: options.onDeviceLoginFailed,
    timeout: options.timeout && options.timeout > 0 ? options.timeout : DEFAULT_TIMEOUT,
    routerBase: options.routerBase ?? '/',
  };
}

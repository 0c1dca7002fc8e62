import { DEFAULT_EXEMPT_ROUTES, DEFAULT_KEEP_ALIVE, DEVICES, type Device, type PhinitOptions } from '../core';

// What a landing page tells the shell, as data-* attributes on its #root: page code, app code, device, router base,
// exempt routes and the keep-alive cap. Everything has a default, so `dist/shell/index.html` runs bare.

export interface ShellPage {
  phinit: PhinitOptions;
  /** App code whose permission tree gives the menu routes (§6). */
  treeCode: string;
  routerBase: string;
  exempt: readonly string[];
  keepAlive: number;
  /** A landing page of §2 (it names its code): a user of another landing is sent there. The bare shell stays. */
  isLanding: boolean;
}

export function readShellPage(data: DOMStringMap, pathname: string): ShellPage {
  const device = (DEVICES as readonly string[]).includes(data.device ?? '') ? (data.device as Device) : 'pc';
  const code = data.code || 'desktop';
  const appCode = data.appCode || 'base';
  // §2: the development forms are `/{pc|mobile}_{desktop|areaDesktop}_all.html` at the site root.
  const developmentForm = /^\/(?:pc|mobile)_[A-Za-z]+_all\.html$/.test(pathname);
  const env = data.env === 'development' || (!data.env && developmentForm) ? 'development' : 'production';
  const routerBase = data.routerBase ?? '';
  const extraExempt = (data.exempt ?? '').split(',').filter(Boolean);
  return {
    phinit: {
      code,
      appCode,
      env,
      device,
      routerBase,
      appPath: pathname.split('/').slice(0, 3).join('/') || '/',
      ...(data.specialUnitId ? { specialUnitId: data.specialUnitId } : {}),
      ...voiceOptions(data),
    },
    treeCode: data.treeCode || code,
    routerBase,
    exempt: [...DEFAULT_EXEMPT_ROUTES, ...extraExempt],
    keepAlive: Number(data.keepAlive) || DEFAULT_KEEP_ALIVE,
    isLanding: Boolean(data.code),
  };
}

/**
 * The speech service: `data-voice-nls-url` (the NLS gateway; a path is taken on the page's own host, as the reference
 * server's `/nls-gateway/ws/v1`) and `data-voice-app-keys`. Without them phinit's defaults hold (the cloud gateway).
 */
function voiceOptions(data: DOMStringMap): Pick<PhinitOptions, 'voice'> {
  const voice = {
    ...(data.voiceNlsUrl ? { nlsUrl: data.voiceNlsUrl } : {}),
    ...(data.voiceAppKeys ? { appKeys: voiceAppKeys(data.voiceAppKeys) } : {}),
  };
  return Object.keys(voice).length > 0 ? { voice } : {};
}

/** `data-voice-app-keys="zh-CN:key,en:key,zh-HK:key"`: the speech service's app key per language (docs/guide/voice.md). */
function voiceAppKeys(text: string): Record<string, string> {
  return Object.fromEntries(
    text
      .split(',')
      .map((pair) => pair.split(':').map((part) => part.trim()))
      .filter((pair): pair is [string, string] => pair.length === 2 && Boolean(pair[0]) && Boolean(pair[1])),
  );
}

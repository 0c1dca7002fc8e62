import { isTeacherType } from '../api/user-types';
import type { Device } from '../api/wire';
import type { Env } from '../config/options';
import { type Site, siteUrl } from './site';

// The URL builders of §2. Every builder is pure: the caller passes the part of config and session it needs. A
// `…Path` is a platform path (`/pages/…`, as §2 writes it); a `…Url` is where the browser goes: absolute, on the
// page's own origin under the platform's prefix (the caller passes the site, src/core/routes/site.ts).

export type PathId = 'tm' | 'spm';

/** §1: teachers (2) and type 4 use tm; everyone else spm. */
export function pathIdFor(userType: number | string): PathId {
  return isTeacherType(userType) ? 'tm' : 'spm';
}

/** §1: unitType 1 is an area unit (deploy path area); every other unit type deploys under pages. */
export function deployPathFor(unitType: number | string): 'area' | 'pages' {
  return String(unitType) === '1' ? 'area' : 'pages';
}

const isArea = (unitType: number | string) => String(unitType) === '1';
const devicePrefix = (device: Device): 'pc' | 'mobile' => (device === 'pc' ? 'pc' : 'mobile');

export interface RedirectContext {
  device: Device;
  userType: number | string;
  /** Deploy root; default `pages`. */
  rootPath?: string;
}

/** `/redirect/{app}` → `/pages/{app}/{mobile|pc}_{app}_{tm|spm}/index.html` (§2). */
export function redirectAppPath(app: string, ctx: RedirectContext): string {
  const root = ctx.rootPath || 'pages';
  return `/${root}/${app}/${devicePrefix(ctx.device)}_${app}_${pathIdFor(ctx.userType)}/index.html`;
}

/** The page `/redirect/{app}` opens, as an absolute URL on the site. */
export function redirectAppUrl(app: string, ctx: RedirectContext & { site: Site }): string {
  return siteUrl(ctx.site, redirectAppPath(app, ctx));
}

export interface LandingContext {
  env: Env;
  device: Device;
  unitType: number | string;
  rootPath: string;
  base: string;
  areaBase: string;
  unitId?: string;
  specialUnitId?: string;
  /** The browser's user agent: a phone lands on the mobile desktop even from a page configured for pc. */
  userAgent?: string;
  /** A clock-in terminal's account: it lands on the clock-in page, whatever the device (issue 69). */
  faceTerminal?: boolean;
}

/** Phones, not tablets: an Android tablet's agent has no "Mobile", an iPad's no "iPhone". */
const PHONE_AGENT = /iPhone|iPod|Android.+Mobile|Windows Phone|HarmonyOS.+Mobile/i;

/**
 * The device whose landing page a browser gets: the configured one, except that a pc page (the login page, which
 * every device shares) opened on a phone — in WeCom or a phone's browser — sends it to the mobile desktop.
 */
export function landingDevice(device: Device, userAgent = ''): Device {
  return device === 'pc' && PHONE_AGENT.test(userAgent) ? 'h5' : device;
}

/** Default home after login by device and environment (§2 "Landing"). */
export function landingPath(ctx: LandingContext): string {
  if (ctx.faceTerminal) return clockInPath(ctx);
  if (ctx.specialUnitId && ctx.unitId === ctx.specialUnitId) return `/${ctx.rootPath}/base/pc_app_tm/index.html`;
  const area = isArea(ctx.unitType);
  const page = `${devicePrefix(landingDevice(ctx.device, ctx.userAgent))}_${area ? 'areaDesktop' : 'desktop'}_all`;
  if (ctx.env === 'development') return `/${page}.html`;
  return `/${area ? 'area' : ctx.rootPath}/${area ? ctx.areaBase : ctx.base}/${page}/index.html`;
}

/**
 * A clock-in terminal's page (issue 69: the terminal landed on a staff desktop): `/{root}/{base}/pc_clockIn_all/`
 * beside the school's landing pages, `/pc_clockIn_all.html` in development. Not a §2 route: the terminal's role is
 * the reference server's (README › Demo accounts).
 */
export function clockInPath(ctx: Pick<LandingContext, 'env' | 'rootPath' | 'base'>): string {
  return ctx.env === 'development' ? '/pc_clockIn_all.html' : `/${ctx.rootPath}/${ctx.base}/pc_clockIn_all/index.html`;
}

/** The landing page as an absolute URL on the site: where a sign-in and the header's desktop button go. */
export function landingUrl(ctx: LandingContext & { site: Site }): string {
  return siteUrl(ctx.site, landingPath(ctx));
}

export interface AppModuleRef {
  code: string;
  serverId?: string;
  deployPath?: string;
}

export interface AppModuleContext {
  env: Env;
  userType: number | string;
  /** Deploy root used when the app names none. */
  rootPath: string;
  /** Server id used when the app names none. */
  serverId: string;
  /** Replaces the tm/spm segment in production when configured. */
  pre?: string;
  /** The page's site: module URLs are absolute under its prefix. */
  site: Site;
}

/** §2: deploy root, server id, then `pc_{code}_{idPath or pre}/index.html`; development `/pc_{code}_{idPath}.html`. */
export function appModuleUrl(app: AppModuleRef, ctx: AppModuleContext): string {
  const idPath = pathIdFor(ctx.userType);
  if (ctx.env === 'development') return siteUrl(ctx.site, `/pc_${app.code}_${idPath}.html`);
  const root = app.deployPath || ctx.rootPath;
  const serverId = app.serverId || ctx.serverId;
  return siteUrl(ctx.site, `/${root}/${serverId}/pc_${app.code}_${ctx.pre || idPath}/index.html`);
}

export interface BindQuery {
  id?: string;
  openid?: string;
  unionid?: string;
  deviceId?: string;
}

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') search.set(key, value);
  const text = search.toString();
  if (text === '') return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** Bind page of §2: `/bind/`, or under the root path in one-proxy mode. */
export function bindPageUrl(query: BindQuery, ctx: { oneProxy: boolean; rootPath: string; site: Site }): string {
  const path = ctx.oneProxy ? `/${ctx.rootPath}/login/pc_bind_all/index.html` : '/bind/';
  const { id, openid, unionid, deviceId } = query;
  return withQuery(siteUrl(ctx.site, path), { id, openid, unionid, deviceId });
}

/** §2 login page; `redirect_uri` brings the user back. */
export const LOGIN_PAGE_PATH = '/login';
/** §2: where a desktop client or an electron shell signs in again. */
export const DESKTOP_RELOGIN_PATH = '/needtologinpagerelogin';
/** §2: opened in a new window from the login form. */
export const FORGET_PASSWORD_PATH = '/forgetPassword';

/** Electron names itself in the user agent (`… Electron/31.2.0 …`). */
export function isElectronShell(userAgent = ''): boolean {
  return /\bElectron\/\d/.test(userAgent);
}

/**
 * Where a session that is lost for good signs in again (§2, §8): `/login`, or `/needtologinpagerelogin` in a
 * desktop client or electron shell; either way with `redirect_uri` set to the page the user was on.
 */
export function loginPageUrl(returnTo: string, ctx: { site: Site; desktopClient?: boolean }): string {
  const path = ctx.desktopClient ? DESKTOP_RELOGIN_PATH : LOGIN_PAGE_PATH;
  return `${siteUrl(ctx.site, path)}?redirect_uri=${encodeURIComponent(returnTo)}`;
}

export interface HelpCenterContext {
  /** External help center address from the configuration; without it there is no link. */
  helpCenterUrl?: string;
  /** Where the help center sends the user back. */
  redUrl: string;
  accessToken?: string;
  unitId?: string;
}

/** External help center with redUrl, accessToken and unitId (§2); '' when none is configured. */
export function helpCenterUrl(ctx: HelpCenterContext): string {
  if (!ctx.helpCenterUrl) return '';
  return withQuery(ctx.helpCenterUrl, { redUrl: ctx.redUrl, accessToken: ctx.accessToken, unitId: ctx.unitId });
}

/** Mobile app-code pages `/{home or app code}-mobile/` (§2). */
export function mobileAppPath(code?: string): string {
  return `/${code || 'home'}-mobile/`;
}

export type LayoutKind = 'pc' | 'ipad' | 'mobile';

/**
 * §2/§9 layout breakpoints in CSS px: wider than IPAD_MAX_WIDTH_PX is pc, wider than MOBILE_MAX_WIDTH_PX ipad, else
 * mobile. The one source: element stylesheets get them as custom media (src/elements/common/css-constants.ts).
 */
export const MOBILE_MAX_WIDTH_PX = 400;
export const IPAD_MAX_WIDTH_PX = 1024;

export function layoutForWidth(px: number): LayoutKind {
  if (px > IPAD_MAX_WIDTH_PX) return 'pc';
  if (px > MOBILE_MAX_WIDTH_PX) return 'ipad';
  return 'mobile';
}

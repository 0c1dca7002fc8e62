import type { ExpiryModule, Message } from '../api/types';
import { type RedirectContext, redirectAppUrl } from '../routes/paths';
import { type Site, safeUrl } from '../routes/site';

// §3/§4 desktop messages: importance colours, the module list carried by openWay 1 messages, and what opening a
// message does.

/**
 * Importance 1–5 as colours, from least (1, grey) to most urgent (5, red), each readable as text at 4.5:1 or more
 * on white and on light grey surfaces (#F5F7FA). Defined once here; the elements use them as the fallback of a
 * CSS custom property the page may override.
 */
export const IMPORTANCE_HEX = { 1: '#5C6370', 2: '#2C64BF', 3: '#1A7F4E', 4: '#A15C00', 5: '#C62828' } as const;
export type Importance = keyof typeof IMPORTANCE_HEX;

export const IMPORTANCE_COLORS = {
  1: `var(--ph-importance-1, ${IMPORTANCE_HEX[1]})`,
  2: `var(--ph-importance-2, ${IMPORTANCE_HEX[2]})`,
  3: `var(--ph-importance-3, ${IMPORTANCE_HEX[3]})`,
  4: `var(--ph-importance-4, ${IMPORTANCE_HEX[4]})`,
  5: `var(--ph-importance-5, ${IMPORTANCE_HEX[5]})`,
} as const;

/** The importance level of a message: 1–5, anything else 1. */
export function importanceLevel(importance: unknown): Importance {
  const level = Number(importance);
  return Number.isInteger(level) && level >= 1 && level <= 5 ? (level as Importance) : 1;
}

export function importanceColor(importance: number): string {
  return IMPORTANCE_COLORS[importanceLevel(importance)];
}

/** openWay 1: the message opens the list of expiring modules held in `content`. */
export const OPEN_WAY_EXPIRY_LIST = 1;

function isExpiryModule(value: unknown): value is ExpiryModule {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  return typeof entry.code === 'string' && typeof entry.name === 'string' && typeof entry.endTime === 'string';
}

/** The modules in a message's `content` JSON; entries that are not modules are dropped; [] when it is not JSON. */
export function parseModuleContent(content: string | null | undefined): ExpiryModule[] {
  if (!content) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  return parsed.filter(isExpiryModule).map((entry) => ({
    ...entry,
    englishName: typeof entry.englishName === 'string' ? entry.englishName : entry.name,
  }));
}

export type MessageAction =
  | { kind: 'expiry-list'; modules: ExpiryModule[] }
  | { kind: 'url'; url: string }
  /** It has a link that is not opened here (another site, a script, an unknown app): the user is told so. */
  | { kind: 'refused' }
  /** It has no link: being read is all there is to it. */
  | { kind: 'none' };

/** Where message URLs are resolved: the page's site, and who asks (for `/redirect/{app}`, §2). */
export interface MessageUrlContext extends RedirectContext {
  /** The page's site; only addresses on its origin are opened. */
  site: Site;
}

const REDIRECT_ROUTE = /^\/redirect\/([A-Za-z0-9_-]+)\/?$/;

/**
 * The absolute address a message or reminder URL opens, or null. `/redirect/{app}` becomes the app's page for this
 * user (§2); anything else goes through the one resolver of data URLs (routes/site.ts): a message (written by anyone
 * with a desk) must never run script or send the user to another site.
 */
export function messageUrl(url: string | null | undefined, ctx: MessageUrlContext): string | null {
  const app = REDIRECT_ROUTE.exec(url?.trim() ?? '')?.[1];
  return app ? redirectAppUrl(app, ctx) : safeUrl(url, ctx.site);
}

/** What viewing a message does after it is marked read (§4): the expiry list for openWay 1, else its url. */
export function messageAction(
  message: Pick<Message, 'openWay' | 'url' | 'content'>,
  ctx: MessageUrlContext,
): MessageAction {
  if (message.openWay === OPEN_WAY_EXPIRY_LIST)
    return { kind: 'expiry-list', modules: parseModuleContent(message.content) };
  if (!message.url?.trim()) return { kind: 'none' };
  const url = messageUrl(message.url, ctx);
  return url ? { kind: 'url', url } : { kind: 'refused' };
}

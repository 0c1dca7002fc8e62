import type { ExpiryModule, Message } from '../api/types';
import { DEFAULT_THEME_COLOR } from '../theme/model';
import { isOpenableUrl } from '../util/url';

// §3/§4 desktop messages: importance colours, the module list carried by openWay 1 messages, and what opening a
// message does.

/**
 * Importance 1–5 as colour tokens, from least (1, grey) to most urgent (5, red). Each is a CSS custom property
 * the page may override, with the fallback colour inside.
 */
export const IMPORTANCE_COLORS = {
  1: 'var(--ph-importance-1, #909399)',
  2: `var(--ph-importance-2, ${DEFAULT_THEME_COLOR})`,
  3: 'var(--ph-importance-3, #2BA471)',
  4: 'var(--ph-importance-4, #E6A23C)',
  5: 'var(--ph-importance-5, #D54941)',
} as const;

export function importanceColor(importance: number): string {
  return IMPORTANCE_COLORS[importance as keyof typeof IMPORTANCE_COLORS] ?? IMPORTANCE_COLORS[1];
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
  | { kind: 'none' };

/** What viewing a message does after it is marked read (§4): the expiry list for openWay 1, else its url. */
export function messageAction(message: Pick<Message, 'openWay' | 'url' | 'content'>): MessageAction {
  if (message.openWay === OPEN_WAY_EXPIRY_LIST)
    return { kind: 'expiry-list', modules: parseModuleContent(message.content) };
  const url = message.url?.trim();
  if (url && isOpenableUrl(url)) return { kind: 'url', url };
  return { kind: 'none' };
}

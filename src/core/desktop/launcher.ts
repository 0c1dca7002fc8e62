import type { AppItem, GroupCode, MenuGroup, UnreadCodeCount } from '../api/types';
import { GROUP_CODES } from '../api/types';
import { isTeacherType } from '../api/user-types';
import { splitBilingual } from '../i18n/bilingual';
import type { Language } from '../i18n/language';
import type { Theme } from '../theme/model';

// The desktop launcher's rules (§2, §3, §6): which icons show, in which groups and order, under which name and
// picture. Pure functions; the shell renders their results.

/** §3: the common-apps group comes first. */
export const COMMON_GROUP: GroupCode = 'ZDYYYFL-CYYY';
/** The one group of users who see no grouped menus. */
export const ALL_APPS_GROUP = 'all';

export interface LauncherGroup {
  code: GroupCode | typeof ALL_APPS_GROUP;
  name: string;
  apps: AppItem[];
}

export interface LauncherUser {
  userType: number | string;
  unitType: number | string;
}

/** §6: only school teachers (type 2 or 4 in a school unit) see grouped menus and may arrange their icons. */
export function arrangesDesktop(user: LauncherUser): boolean {
  return isTeacherType(user.userType) && String(user.unitType) === '2';
}

/** §3: `updateStatus` 0 hides an app. */
export function isVisibleApp(app: AppItem): boolean {
  return Number(app.updateStatus) !== 0;
}

/**
 * The groups to show: school teachers get the nine groups (common apps first, then §3 order, empty groups left
 * out); everyone else one flat list, each app once. Hidden apps never show.
 */
export function launcherGroups(groups: readonly MenuGroup[], user: LauncherUser): LauncherGroup[] {
  const rank = (code: string) => (code === COMMON_GROUP ? -1 : GROUP_CODES.indexOf(code as GroupCode));
  const ordered = [...groups].sort((a, b) => rank(a.code) - rank(b.code));
  if (arrangesDesktop(user)) {
    return ordered
      .map((group) => ({ code: group.code, name: group.name, apps: (group.iconVMs ?? []).filter(isVisibleApp) }))
      .filter((group) => group.apps.length > 0);
  }
  const seen = new Set<string>();
  const apps: AppItem[] = [];
  for (const group of ordered) {
    for (const app of group.iconVMs ?? []) {
      if (!isVisibleApp(app) || seen.has(app.code)) continue;
      seen.add(app.code);
      apps.push(app);
    }
  }
  return apps.length > 0 ? [{ code: ALL_APPS_GROUP, name: '', apps }] : [];
}

/**
 * §3: `zname` (or `name`) in Chinese, `englishName` in English; the short forms where space is short. The Chinese
 * fields may carry every language as §8's `中文|||English|||繁體` (the seeded apps do): the page's part is shown.
 */
export function appName(app: AppItem, language: Language, short = false): string {
  if (language === 'en') {
    const english = short ? app.englishShortName || app.englishName : app.englishName;
    if (english) return english;
  }
  const chinese = app.zname || app.name;
  return splitBilingual(short ? app.shortName || chinese : chinese, language);
}

/** The icon picture for a theme: gray under ink, the cartoon variant under cartoon, else the plain one. */
export function appIcon(app: AppItem, theme: Theme): string {
  const plain = app.imgPath || app.iconImg;
  if (theme.kind === 'picture' && theme.name === 'ink') return app.imgGrayPath || plain;
  if (theme.kind === 'picture' && theme.name === 'cartoon') return app.imgCartoonPath || plain;
  return plain;
}

/** The latest unread counts (`unReadCodeCount` call) over the ones the icons came with. */
export function withUnreadCounts(groups: readonly MenuGroup[], counts: readonly UnreadCodeCount[]): MenuGroup[] {
  const byCode = new Map(counts.map((entry) => [entry.code, Number(entry.num) || 0]));
  return groups.map((group) => ({
    ...group,
    iconVMs: (group.iconVMs ?? []).map((app) => ({
      ...app,
      unReadCodeCount: byCode.get(app.code) ?? 0,
    })),
  }));
}

/**
 * One icon moved by `delta` places inside its group (the keyboard's move-left/move-right, and a drop). Returns the
 * group's new order of codes, or null when the move would leave the group's ends.
 */
export function moveApp(codes: readonly string[], code: string, delta: number): string[] | null {
  const from = codes.indexOf(code);
  const to = from + delta;
  if (from < 0 || delta === 0 || to < 0 || to >= codes.length) return null;
  const next = [...codes];
  next.splice(from, 1);
  next.splice(to, 0, code);
  return next;
}

/** The apps of a group in the order of `codes` (unknown codes ignored, apps missing from `codes` kept at the end). */
export function orderApps(apps: readonly AppItem[], codes: readonly string[]): AppItem[] {
  const rank = new Map(codes.map((code, index) => [code, index]));
  return [...apps].sort((a, b) => (rank.get(a.code) ?? codes.length) - (rank.get(b.code) ?? codes.length));
}

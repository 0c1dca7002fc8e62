import type { AppItem } from '../api/types';
import { appName, isVisibleApp } from '../desktop/launcher';
import { LANGUAGES, type Language } from '../i18n/language';

// A voice command may name an app the way its tile does (issue 35): "open timetable", "打开我的课表", "打開課表".
// Every name the user can see counts — full and short, in each language — whatever language the page is in, and
// however the recogniser spaced or punctuated it ("open time table"). Pure functions; the controller asks them
// after the platform's skill phrases found nothing.

/**
 * Words said before an app's name to open it, spaces and case taken out; a word that begins another comes after it
 * ("showme" before "show"). A literal, not sorted at load: a call at the top of a module would keep the bundler from
 * leaving this file out of pages without voice.
 */
const OPEN_WORDS = [
  'pleaseopen',
  'open',
  'goto',
  'showme',
  'show',
  'launch',
  '请打开',
  '請打開',
  '打开',
  '打開',
  '进入',
  '進入',
  '开启',
  '開啟',
  '查看',
];

/** Lower case, without spaces, punctuation or symbols: how a spoken name and a tile's name are compared. */
export function spokenKey(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** Opening words taken off the front of a command at most: "show open notices" is noise heard as "show", then a command. */
const MOST_OPENING_WORDS = 3;

/**
 * What may be the name in a command: the key with its opening words off, one after another ("open open notices",
 * "show open notices" in a noisy room), and "the" after an English one.
 */
function nameCandidates(key: string): string[] {
  const candidates: string[] = [];
  let rest = key;
  for (let peeled = 0; peeled < MOST_OPENING_WORDS; peeled++) {
    const word = OPEN_WORDS.find((open) => rest.startsWith(open) && rest.length > open.length);
    if (!word) break;
    rest = rest.slice(word.length);
    candidates.push(rest);
    if (/^[a-z]/.test(word) && rest.startsWith('the') && rest.length > 3) candidates.push(rest.slice(3));
  }
  return candidates.length ? candidates : [key];
}

/** Every name of an app a user may see: full and short, in every language, as keys. */
export function spokenNames(app: AppItem): Set<string> {
  const names = new Set<string>();
  for (const language of LANGUAGES) {
    for (const short of [false, true]) {
      const key = spokenKey(appName(app, language, short));
      if (key) names.add(key);
    }
  }
  return names;
}

/** An English key said in the singular or the plural of a name: "open grade" for Grades, "open notice" for Notices. */
function pluralOf(candidate: string, names: Set<string>): boolean {
  if (!/[a-z]$/.test(candidate)) return false;
  return names.has(`${candidate}s`) || (candidate.endsWith('s') && names.has(candidate.slice(0, -1)));
}

/**
 * The app whose name the command says (with or without an opening word); null when it names none. A name said
 * exactly wins over one said in the other number.
 */
export function appForCommand(command: string, apps: readonly AppItem[]): AppItem | null {
  const key = spokenKey(command);
  if (!key) return null;
  const candidates = [key, ...nameCandidates(key)];
  const named = apps.filter(isVisibleApp).map((app) => ({ app, names: spokenNames(app) }));
  const naming = (says: (candidate: string, names: Set<string>) => boolean) =>
    named.find(({ names }) => candidates.some((candidate) => says(candidate, names)))?.app;
  return naming((candidate, names) => names.has(candidate)) ?? naming(pluralOf) ?? null;
}

/** The letters and letter pairs of a key: what two spellings of a name share (a Chinese name's letters are words). */
function pieces(key: string): string[] {
  const letters = [...key];
  return [...letters, ...letters.slice(1).map((letter, index) => `${letters[index]}${letter}`)];
}

/** Dice's coefficient over letters and letter pairs: 1 for the same key, 0 for nothing in common. */
function likeness(a: string, b: string): number {
  const left = pieces(a);
  const right = pieces(b);
  const pool = [...right];
  let shared = 0;
  for (const pair of left) {
    const at = pool.indexOf(pair);
    if (at >= 0) {
      shared += 1;
      pool.splice(at, 1);
    }
  }
  return left.length + right.length === 0 ? 0 : (2 * shared) / (left.length + right.length);
}

/**
 * After a miss: the name (short, in the page's language) of the user's app closest to what was heard, for the
 * widget to offer as a phrase that works; the first app when none is close; null when the user has no apps.
 */
export function suggestedAppName(command: string, apps: readonly AppItem[], language: Language): string | null {
  const heard = nameCandidates(spokenKey(command)).at(-1) ?? '';
  let best: { app: AppItem; score: number } | null = null;
  for (const app of apps.filter(isVisibleApp)) {
    const score = Math.max(...[...spokenNames(app)].map((name) => likeness(heard, name)));
    if (!best || score > best.score) best = { app, score };
  }
  return best ? appName(best.app, language, true) : null;
}

/** Where an app named by voice opens: the shell's `/redirect/{app}`, the page §2 gives this user and device. */
export function appCommandUrl(app: AppItem): string {
  return `/redirect/${encodeURIComponent(app.code)}`;
}

/** The opening word a recogniser listens for before a tile's name, in each language. */
export const SAID_OPEN: Record<Language, string> = { en: 'open ', 'zh-CN': '打开', 'zh-HK': '打開' };

/**
 * What a command recogniser for `language` listens for to open the user's tiles (issue 56): "open" / 打开 / 打開 and
 * each name the user can see in that language, full and short; in English in words only ("Self-study" is said as
 * two). `appForCommand` takes each back to its app.
 */
export function openPhrases(apps: readonly AppItem[], language: Language = 'en'): string[] {
  const phrases = new Set<string>();
  for (const app of apps.filter(isVisibleApp)) {
    for (const short of [false, true]) {
      const name = appName(app, language, short)
        .trim()
        .toLowerCase()
        .replace(/[-_/]+/g, ' ');
      if (name) phrases.add(`${SAID_OPEN[language]}${name}`);
    }
  }
  return [...phrases];
}

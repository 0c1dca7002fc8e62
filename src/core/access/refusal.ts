import type { AppItem, ExpiryModule } from '../api/types';
import { appName } from '../desktop/launcher';
import { LANGUAGES, type Language } from '../i18n/language';
import type { Translate } from '../i18n/translate';
import type { AccessRefusal } from './decide';
import { type AccessDeps, checkAccess, moduleName } from './gate';
import { ACCESS_STRINGS } from './strings';
import type { AppTarget } from './target';

// A refusal as the user is told it: the reason and the app's name (issue 34: "the dialog never names the module"),
// in every language, so that a block on screen follows a language change. The name comes from the user's own apps,
// else from the unit's module list (an app the user does not have is still one the unit licenses), else there is
// none and the text says "this module".

export type AppNames = Record<Language, string>;

export interface Refusal {
  reason: AccessRefusal;
  names: AppNames | null;
}

export interface RefusalDeps extends AccessDeps {
  /** The unit's modules (resource/inside/module), asked only when a refused app is none of the user's. */
  modules: () => Promise<readonly ExpiryModule[]>;
}

const inEveryLanguage = (name: (language: Language) => string) =>
  Object.fromEntries(LANGUAGES.map((language) => [language, name(language)])) as AppNames;

/** An app's names as the desktop shows them. */
export function appNames(app: AppItem): AppNames {
  return inEveryLanguage((language) => appName(app, language));
}

async function namesOf(target: AppTarget, app: AppItem | null, deps: RefusalDeps): Promise<AppNames | null> {
  if (app) return appNames(app);
  const modules = await deps.modules().catch(() => []);
  const module = modules.find((entry) => entry.code === target.code) ?? modules.find((e) => e.code === target.serverId);
  return module ? inEveryLanguage((language) => moduleName(module, language)) : null;
}

/** Null when the app opens; else why not, with its names. */
export async function refusalOf(target: AppTarget, deps: RefusalDeps): Promise<Refusal | null> {
  const { access, app } = await checkAccess(target, deps);
  if (access.kind === 'open') return null;
  return { reason: access.reason, names: await namesOf(target, app, deps) };
}

/** The sentence for a refusal in `language`: the page's translation of `access.*` if it has one, else ours. */
export function refusalText(refusal: Refusal, translate: Translate, language: Language): string {
  // The unit's own licence concerns every module: its one sentence names none.
  const named = refusal.names !== null || refusal.reason === 'unitExpired';
  const key = named ? `access.${refusal.reason}` : `access.${refusal.reason}.unnamed`;
  const name = refusal.names?.[language] ?? '';
  const text = translate(key, { name });
  if (text !== key) return text;
  const own = ACCESS_STRINGS[language]?.[key] ?? ACCESS_STRINGS['zh-CN']?.[key] ?? key;
  return own.replace('{name}', name);
}

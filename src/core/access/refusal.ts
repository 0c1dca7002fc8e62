import type { AppItem, ExpiryModule } from '../api/types';
import { appName } from '../desktop/launcher';
import type { Language, Translate } from '../i18n/translate';
import type { AccessRefusal } from './decide';
import { type AccessDeps, checkAccess, moduleName } from './gate';
import type { AppTarget } from './target';

// A refusal as the user is told it: the reason and the app's name in their language (issue 34: "the dialog never
// names the module"). The name comes from the user's own apps, else from the unit's module list (an app the user
// does not have is still one the unit licenses), else there is none and the text says "this module".

export interface Refusal {
  reason: AccessRefusal;
  name: string | null;
}

export interface RefusalDeps extends AccessDeps {
  language: Language;
  /** The unit's modules (resource/inside/module), asked only when a refused app is none of the user's. */
  modules: () => Promise<readonly ExpiryModule[]>;
}

async function nameOf(target: AppTarget, app: AppItem | null, deps: RefusalDeps): Promise<string | null> {
  if (app) return appName(app, deps.language);
  const modules = await deps.modules().catch(() => []);
  const module = modules.find((entry) => entry.code === target.code) ?? modules.find((e) => e.code === target.serverId);
  return module ? moduleName(module, deps.language) : null;
}

/** Null when the app opens; else why not, with its name. */
export async function refusalOf(target: AppTarget, deps: RefusalDeps): Promise<Refusal | null> {
  const { access, app } = await checkAccess(target, deps);
  if (access.kind === 'open') return null;
  return { reason: access.reason, name: await nameOf(target, app, deps) };
}

/** The bilingual sentence for a refusal (core strings `access.*`). */
export function refusalText(refusal: Refusal, translate: Translate): string {
  return refusal.name
    ? translate(`access.${refusal.reason}`, { name: refusal.name })
    : translate(`access.${refusal.reason}.unnamed`);
}

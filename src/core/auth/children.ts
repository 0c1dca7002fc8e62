import { persistentJSON } from '@nanostores/persistent';
import { CHROME_PATHS } from '../api/chrome-paths';
import type { Child } from '../api/types';
import { isParentType } from '../api/user-types';
import type { HttpClient } from '../http/client-types';
import { $session, type SessionState, selectChild } from '../session/state';
import { pageSingleton } from '../shared';

// §4 Parent / §6: a parent with more than one child chooses which one the pages are about. The child chosen last
// is remembered in this browser per parent; when the current child differs from it (a first visit, or a change made
// elsewhere) the selector opens by itself.

/** Parent user id → id of the child chosen last in this browser. */
export const $rememberedChildren = /* @__PURE__ */ pageSingleton('pref.rememberedChildren', () =>
  persistentJSON<Record<string, string>>('chirdenRemembered', {}),
);

type ParentView = Pick<SessionState, 'userId' | 'userType' | 'chirdenList' | 'currentChirden'>;

/** The child selector is offered to parents with more than one child (§2). */
export function hasChildSelector(session: ParentView): boolean {
  return isParentType(session.userType) && session.chirdenList.length > 1;
}

/** It opens by itself when the remembered child is not the current one (§4 Parent). */
export function childSelectorOpensItself(
  session: ParentView,
  remembered: Record<string, string> = $rememberedChildren.get(),
): boolean {
  return hasChildSelector(session) && remembered[session.userId] !== session.currentChirden?.id;
}

/**
 * The parent chose a child: the platform is told (`set/parentChildren?parentId=`, the child in the body), then the
 * session's current child changes and the choice is remembered. Rejects when the call fails (nothing changes).
 */
export async function chooseChild(childId: string, http: Pick<HttpClient, 'request'>): Promise<Child> {
  const session = $session.get();
  const child = session.chirdenList.find((item) => item.id === childId);
  if (!child) throw new Error(`No child ${childId} in the session`);
  await http.request({
    url: CHROME_PATHS.setParentChildren,
    method: 'post',
    params: { parentId: session.userId },
    data: { id: child.id, realName: child.realName, gradeName: child.gradeName, className: child.className },
  });
  selectChild(child.id);
  rememberChild(session.userId, child.id);
  return child;
}

/** Remembers the current child as seen (the parent kept it, closing the selector). */
export function rememberChild(parentId: string, childId: string): void {
  $rememberedChildren.set({ ...$rememberedChildren.get(), [parentId]: childId });
}

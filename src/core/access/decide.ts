import { isKeptFromTeacherPages } from '../api/user-types';
import type { PathId } from '../routes/paths';

// One rule for every door (issue 34): whether a person may use an app is decided here, whichever way they came to
// it — a desktop icon, a recent app, a voice command, a message's link, /redirect/{app}, or the module page's own
// URL. Pure: the facts are gathered by gate.ts.

/**
 * Why an app is refused: a tm page for a student or parent (§2), not among the user's apps (§6), the module's licence,
 * or the unit's own licence over all its modules (§7 license/unit, license/unit_oam).
 */
export type AccessRefusal = 'teacherOnly' | 'notPermitted' | 'expired' | 'unitExpired';

export type Access = { kind: 'open' } | { kind: 'refused'; reason: AccessRefusal };

export interface AccessFacts {
  userType: number | string;
  /** The path id of the page asked for; a tm page is for teachers (§2). Absent when no page is named yet. */
  pathId?: PathId;
  /** Whether the app is among the user's apps; undefined when that is not known (a failed or skipped call). */
  permitted?: boolean;
  /** license/unit's answer for the app's server: only an explicit "no" is false (see gate.ts). */
  licensed: boolean;
  /** license/unit_oam's answer, asked only when the module's licence says no: the whole unit's licence has ended. */
  unitExpired?: boolean;
}

/** §2: type 1 and 3 users (students, parents) never reach tm pages. */
export function isTeacherOnlyFor(userType: number | string, pathId: PathId | undefined): boolean {
  return pathId === 'tm' && isKeptFromTeacherPages(userType);
}

/**
 * The decision, most telling reason first: a page for another kind of user, then an app that is not the user's,
 * then the licence — a student refused the teachers' grade page learns that, not that its licence runs out; and a
 * unit whose whole licence has ended hears that, not that one module has.
 */
export function decideAccess(facts: AccessFacts): Access {
  if (isTeacherOnlyFor(facts.userType, facts.pathId)) return { kind: 'refused', reason: 'teacherOnly' };
  if (facts.permitted === false) return { kind: 'refused', reason: 'notPermitted' };
  if (!facts.licensed) return { kind: 'refused', reason: facts.unitExpired ? 'unitExpired' : 'expired' };
  return { kind: 'open' };
}

import type { Child, Envelope, MeData } from '../api/types';
import { isParentType } from '../api/user-types';
import { ENDPOINTS, SIGNATURE_QUERY } from '../api/wire';
import { $storedUser } from '../session/prefs';
import { $loginStatus, applyMe, currentSessionEpoch, setChildren } from '../session/state';
import { pageSingleton } from '../shared';
import type { AuthDeps } from './deps';
import { clearLocalSession } from './logout';

/** A fresh random value per call: the server must echo it in the signature header (§4). */
export function randomSignature(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * §6: a parent's children (status 1 only: setChildren filters) and the current child the server remembers for them
 * (the one last chosen). Loaded together; a failed child list leaves the list empty, a failed or unknown current
 * child means the first one.
 */
export async function loadChildren(parentId: string, deps: AuthDeps): Promise<void> {
  const [children, current] = await Promise.all([
    deps.http
      .request<Child[]>({
        url: ENDPOINTS.childrenOfParent,
        params: { parentId },
        noIntercept: true,
      })
      .then((answer) => (Array.isArray(answer.data) ? answer.data : []))
      .catch(() => [] as Child[]),
    deps.http
      .request<Child | null>({
        url: ENDPOINTS.currentChildOfParent,
        params: { parentId },
        noIntercept: true,
      })
      .then((answer) => answer.data?.id)
      .catch(() => undefined),
  ]);
  setChildren(children, current);
}

/**
 * §3's `iszx` (a vocational school) and `unitHaveInstitute` from §7's unit calls, `is_vocational_school` and
 * `have_institute`, for a `me` that does not carry them (§7 names only unitId, userType and userId in its data; the
 * reference server's carries both, so it is not asked). Quiet: a failed call leaves the flag false.
 */
export async function loadUnitFlags(me: Partial<MeData>, deps: AuthDeps): Promise<void> {
  if (typeof me.iszx === 'boolean' && typeof me.unitHaveInstitute === 'boolean') return;
  const flag = (url: string, params?: Record<string, string>) =>
    deps.http
      .request<unknown>({ url, params, noIntercept: true })
      .then((answer) => answer.data === true)
      .catch(() => false);
  const [iszx, unitHaveInstitute] = await Promise.all([
    typeof me.iszx === 'boolean' ? me.iszx : flag(ENDPOINTS.vocationalSchool),
    typeof me.unitHaveInstitute === 'boolean'
      ? me.unitHaveInstitute
      : flag(ENDPOINTS.haveInstitute, { unitId: String(me.unitId ?? '') }),
  ]);
  applyMe({ iszx, unitHaveInstitute });
}

/** The `me` call in flight: the page and its widgets (a header, a login form) asking together share one. */
const inFlight = /* @__PURE__ */ pageSingleton('me-in-flight', () => ({
  current: null as Promise<MeData | null> | null,
  epoch: -1,
}));

/**
 * §4 login status: unknown until `me` answers; 200 with data means logged in (session filled, a parent's children
 * loaded), anything else runs the logout routine. The lost session does not set IS_LOGOUTED (auto-login stays on).
 * Callers that ask while a call is in flight get its answer.
 */
export function fetchMe(deps: AuthDeps): Promise<MeData | null> {
  const epoch = currentSessionEpoch();
  if (inFlight.current && inFlight.epoch === epoch) return inFlight.current;
  const asked = readMe(deps, epoch).finally(() => {
    if (inFlight.current === asked) inFlight.current = null;
  });
  inFlight.current = asked;
  inFlight.epoch = epoch;
  return asked;
}

/** Asks `me`; an answer that comes after a sign-in or a reset of the session (a newer epoch) changes nothing. */
async function readMe(deps: AuthDeps, epoch: number): Promise<MeData | null> {
  $loginStatus.set('unknown');
  let answer: Envelope<MeData | null> | undefined;
  try {
    answer = await deps.http.request<MeData | null>({
      url: ENDPOINTS.me,
      params: { [SIGNATURE_QUERY]: randomSignature(), noIntercept: true },
      noIntercept: true,
    });
  } catch {
    answer = undefined;
  }
  if (currentSessionEpoch() !== epoch) return null;
  const me = answer?.status === 200 ? answer.data : null;
  if (!me) {
    clearLocalSession(deps, false);
    return null;
  }
  applyMe(me);
  await Promise.all([
    isParentType(me.userType) ? loadChildren(String(me.userId), deps) : null,
    loadUnitFlags(me, deps),
  ]);
  $loginStatus.set('in');
  return me;
}

/**
 * Whether this browser keeps the record of a sign-in (`user`: every sign-in through the widgets stores it; logout and
 * a lost session remove it): a page may then expect `me` to say signed in, and ask for what follows beside it.
 */
export function signInRecorded(): boolean {
  return $storedUser.get() !== null;
}

/**
 * The login page's question of §4's mode "already logged in". The server is asked only when this browser keeps the
 * record of a sign-in (`user`: every sign-in through the widgets stores it; logout and a lost session remove it).
 * Without one the answer is no at once: a signed-out visitor's page makes no `me` and refresh calls that could only
 * fail (two 401s in its console) and takes typing without waiting for them.
 */
export function probeSignedIn(deps: AuthDeps): Promise<MeData | null> {
  if (signInRecorded() || $loginStatus.get() === 'in') return fetchMe(deps);
  $loginStatus.set('out');
  return Promise.resolve(null);
}

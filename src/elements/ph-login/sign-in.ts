import {
  $autoLogin,
  authDeps,
  type Envelope,
  type FieldError,
  forgetCredentials,
  type LoginData,
  type LoginOutcome,
  login,
  type ModeOutcome,
  notify,
  type RedirectChoice,
  rememberCredentials,
  type SignedIn,
  type SignInWait,
  signInWaitOf,
  startLogin,
  t,
} from '../../core';

// What the login element does with core's auth flows: core decides what follows a sign-in (auth/redirect.ts) and
// asks the element first (beforeLeave), which stores the remember choice and tells the page, whose
// preventDefault() keeps it where it is.

export interface LoginErrorDetail {
  status: number;
  code: string;
  message: string;
  fieldErrors: FieldError[];
  /** A refusal that lasts a while (issue 55): the form says why and counts down; null for any other failure. */
  wait: SignInWait | null;
}

export function errorDetail(outcome: Extract<LoginOutcome, { status: 'failed' }>): LoginErrorDetail {
  const envelope: Partial<Envelope> = outcome.envelope ?? {};
  return {
    status: envelope.status ?? 0,
    code: envelope.code ?? '',
    message: outcome.message,
    fieldErrors: envelope.fieldErrors ?? [],
    wait: signInWaitOf(outcome.envelope, Date.now()),
  };
}

/**
 * Signed in, or found signed in: who, whether the page is leaving, and where 继续 / Continue leads when it stays by
 * itself (sent back by a router, or navigated once already); null where the page chose to stay or is there.
 */
export interface SignedInView {
  data: Partial<LoginData>;
  continueTo: string | null;
  leaving: boolean;
  /** The account typed in the form, until `me` names the user. */
  account?: string;
}

/** Tells the page of a sign-in or a restored session before it leaves; false keeps the page (preventDefault). */
export type Announce = (data: Partial<LoginData>, url: string | null, restored: boolean) => boolean;

export interface SignInOptions {
  place: 'page' | 'dialog';
  redirect: RedirectChoice;
  announce: Announce;
}

/** Core's auth dependencies for the element, and what the element learns once core asks it (`prepare` first). */
function elementDeps(options: SignInOptions, prepare: () => Promise<void> = async () => {}) {
  const seen: { view: SignedInView | null } = { view: null };
  const deps = authDeps({
    // The form says a wait itself (WaitNotice): no toast besides it.
    showsWaits: true,
    place: options.place,
    redirect: options.redirect,
    async beforeLeave({ data, next, restored }: SignedIn) {
      await prepare();
      const url = next.action === 'reload' ? null : next.url;
      const proceed = options.announce(data, url, restored);
      const byItself = next.action === 'stay' && (next.reason === 'loop' || next.reason === 'once');
      seen.view = { data, continueTo: proceed && byItself ? url : null, leaving: proceed && next.action !== 'stay' };
      return proceed;
    },
  });
  return { deps, seen };
}

/** "Remember password" (§4): stored, with auto-login turned on, or forgotten. */
async function storeRememberChoice(values: { username: string; password: string }, remember: boolean) {
  if (!remember) {
    forgetCredentials();
    $autoLogin.set(false);
    return;
  }
  const result = await rememberCredentials(values.username, values.password);
  $autoLogin.set(result.remembered);
  if (!result.remembered) notify('warning', t('login.rememberUnsupported'));
}

export type SignInResult =
  | { status: 'ok'; view: SignedInView }
  | { status: 'bind' }
  | { status: 'failed'; error: LoginErrorDetail };

/** Form login (§4): on success the remember choice is stored before the page is told and moves on. */
export async function signInWithPassword(
  values: { username: string; password: string },
  remember: boolean,
  options: SignInOptions,
): Promise<SignInResult> {
  const { deps, seen } = elementDeps(options, () => storeRememberChoice(values, remember));
  const outcome = await login(values, deps);
  if (outcome.status === 'failed') return { status: 'failed', error: errorDetail(outcome) };
  if (outcome.status === 'bind') return { status: 'bind' };
  const view = seen.view ?? { data: outcome.data, continueTo: null, leaving: false };
  return { status: 'ok', view: { ...view, account: values.username } };
}

/** The login page's start (§4 mode order); the page is told before it leaves. */
export async function runLoginModes(
  options: SignInOptions,
  fail: (error: LoginErrorDetail) => void,
): Promise<{ outcome: ModeOutcome; view: SignedInView | null }> {
  const { deps, seen } = elementDeps(options);
  const outcome = await startLogin(deps);
  if (outcome.status === 'failed') fail(errorDetail(outcome));
  return { outcome, view: seen.view };
}

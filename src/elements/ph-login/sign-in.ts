import {
  $autoLogin,
  authDeps,
  type Envelope,
  type FieldError,
  forgetCredentials,
  getLocation,
  type LocationAdapter,
  type LoginData,
  type LoginOutcome,
  login,
  type ModeOutcome,
  notify,
  rememberCredentials,
  type SignInWait,
  signInWaitOf,
  startLogin,
  t,
} from '../../core';

// What the login element does with core's auth flows: it holds back the navigation core decides until the
// element has finished (remembered the password, told the page), then follows it.

export interface LoginErrorDetail {
  status: number;
  code: string;
  message: string;
  fieldErrors: FieldError[];
  /** A refusal that lasts a while (issue 55): the form says why and counts down; null for any other failure. */
  wait: SignInWait | null;
}

/** A location whose navigation waits until `go()`; `href` is the real one. */
function heldLocation(real: LocationAdapter) {
  let pending: (() => void) | null = null;
  const adapter: LocationAdapter = {
    href: () => real.href(),
    assign: (url) => {
      pending = () => real.assign(url);
    },
    reload: () => {
      pending = () => real.reload();
    },
    replace: (url) => real.replace(url),
  };
  return {
    adapter,
    go: () => pending?.(),
    /** In a dialog the user stays where they were: whatever core decided, the page reloads in place. */
    reloadInPlace: () => {
      if (pending) real.reload();
    },
  };
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

export type SignInResult =
  | { status: 'ok'; data: Partial<LoginData> }
  | { status: 'bind' }
  | { status: 'failed'; error: LoginErrorDetail };

/** Form login (§4): on success the remember choice is stored before the page moves on. */
export async function signInWithPassword(
  values: { username: string; password: string },
  remember: boolean,
  place: 'page' | 'dialog',
  announce: (data: Partial<LoginData>) => void,
): Promise<SignInResult> {
  const location = heldLocation(getLocation());
  const outcome = await login(values, authDeps({ location: location.adapter }));
  if (outcome.status === 'failed') return { status: 'failed', error: errorDetail(outcome) };
  if (outcome.status === 'bind') {
    location.go();
    return { status: 'bind' };
  }
  if (remember) {
    const result = await rememberCredentials(values.username, values.password);
    $autoLogin.set(result.remembered);
    if (!result.remembered) notify('warning', t('login.rememberUnsupported'));
  } else {
    forgetCredentials();
    $autoLogin.set(false);
  }
  announce(outcome.data);
  if (place === 'dialog') location.reloadInPlace();
  else location.go();
  return { status: 'ok', data: outcome.data };
}

/** The login page's start (§4 mode order); navigation waits until the page has been told. */
export async function runLoginModes(
  announce: (data: Partial<LoginData>) => void,
  fail: (error: LoginErrorDetail) => void,
): Promise<ModeOutcome> {
  const location = heldLocation(getLocation());
  const outcome = await startLogin(authDeps({ location: location.adapter }));
  if (outcome.status === 'ok') announce(outcome.data);
  if (outcome.status === 'failed') fail(errorDetail(outcome));
  location.go();
  return outcome;
}

import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import {
  $config,
  $loginPrompt,
  authDeps,
  type LoginData,
  type ModeOutcome,
  probeSignedIn,
  type RedirectChoice,
} from '../../core';
import { useRefusal } from './refusal';
import {
  type Announce,
  type LoginErrorDetail,
  runLoginModes,
  type SignedInView,
  type SignInOptions,
  signInWithPassword,
} from './sign-in';

// Signing in from the form, and on the login page first the §4 mode order: a press during the session check waits
// until the check leaves the form up, a second press while signing in is ignored, and a refusal shows in the form.
// Signed in (or found signed in) where the page stays, the element shows who is signed in instead of a busy form.

/**
 * `held`: signing in was asked for while the session check ran; it goes ahead once the check leaves the form up.
 * `signedIn`: signed in and staying on this page (redirect none, a page that kept it, nowhere else to go).
 */
export type Phase = 'starting' | 'held' | 'form' | 'busy' | 'leaving' | 'signedIn';

interface Credentials {
  values: { username: string; password: string };
  remember: boolean;
}

/** Signed in: the data, and, for a page that says so by answering false, a wish to stay (preventDefault). */
export type SignInCallback = (data: Partial<LoginData> & { redirect: string | null }) => unknown;

interface SignInCallbacks {
  redirect?: RedirectChoice | undefined;
  onSuccess?: SignInCallback | undefined;
  onRestored?: SignInCallback | undefined;
  onError?: ((error: LoginErrorDetail) => void) | undefined;
}

/** Outcomes after which the page is on its way elsewhere: the form stays busy until it has gone. */
const LEAVING: ReadonlySet<ModeOutcome['status']> = new Set(['bind', 'authorized', 'chat']);

/** What the page does after the §4 mode order: leaves, shows who is signed in, or shows the form. */
function phaseAfterModes(outcome: ModeOutcome, view: SignedInView | null): Phase | null {
  if (view) return view.leaving ? 'leaving' : 'signedIn';
  return LEAVING.has(outcome.status) ? 'leaving' : null;
}

export function useSignIn(dialog: boolean, autoStart: boolean, latest: { readonly current: SignInCallbacks }) {
  const config = useStore($config);
  const [phase, setPhase] = useState<Phase>(autoStart ? 'starting' : 'form');
  const [signedIn, setSignedIn] = useState<SignedInView | null>(null);
  const { serverErrors, setServerErrors, wait, showWait, edited } = useRefusal();
  const submitting = useRef(false);
  const started = useRef(false);
  // Until the §4 mode order has run, a sign-in waits here instead of racing it.
  const checking = useRef(autoStart);
  const held = useRef<Credentials | null>(null);

  const announce: Announce = (data, redirect, restored) => {
    const callback = restored ? latest.current.onRestored : latest.current.onSuccess;
    return callback?.({ ...data, redirect }) !== false;
  };
  const options = (): SignInOptions => ({
    place: dialog ? 'dialog' : 'page',
    redirect: latest.current.redirect === 'none' ? 'none' : 'auto',
    announce,
  });
  const show = (view: SignedInView | null, phase: Phase) => {
    setSignedIn(view);
    setPhase(phase);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; signIn reads only refs, setters and `dialog`
  useEffect(() => {
    if (!autoStart || !config || started.current) return;
    started.current = true;
    const fail = (error: LoginErrorDetail) => {
      showWait(error);
      latest.current.onError?.(error);
    };
    void (async () => {
      await probeSignedIn(authDeps());
      const { outcome, view } = await runLoginModes(options(), fail);
      checking.current = false;
      const pressed = held.current;
      held.current = null;
      const after = phaseAfterModes(outcome, view);
      if (after) show(view, after);
      else if (pressed) void signIn(pressed);
      else setPhase('form');
    })();
  }, [autoStart, config, latest]);

  const submit = (values: Credentials['values'], remember: boolean) => {
    if (!checking.current) return void signIn({ values, remember });
    held.current = { values, remember };
    setPhase('held');
  };

  const signIn = async ({ values, remember }: Credentials) => {
    if (submitting.current) return;
    submitting.current = true;
    setPhase('busy');
    setServerErrors([]);
    const result = await signInWithPassword(values, remember, options());
    submitting.current = false;
    if (result.status === 'failed') {
      setServerErrors(result.error.fieldErrors);
      showWait(result.error);
      latest.current.onError?.(result.error);
      setPhase('form');
      return;
    }
    if (dialog) $loginPrompt.set(null);
    if (result.status === 'ok' && !result.view.leaving) show(result.view, 'signedIn');
    else setPhase('leaving');
  };

  /** "Use another account": the signed-in state gives way to the form (the session has ended by then). */
  const signedOut = () => show(null, 'form');

  return { phase, signedIn, serverErrors, wait, submit, edited, signedOut };
}

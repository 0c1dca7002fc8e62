import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { $config, $loginPrompt, authDeps, type LoginData, type ModeOutcome, probeSignedIn } from '../../core';
import { useRefusal } from './refusal';
import { type LoginErrorDetail, runLoginModes, signInWithPassword } from './sign-in';

// Signing in from the form, and on the login page first the §4 mode order: a press during the session check waits
// until the check leaves the form up, a second press while signing in is ignored, and a refusal shows in the form.

/** `held`: signing in was asked for while the session check ran; it goes ahead once the check leaves the form up. */
export type Phase = 'starting' | 'held' | 'form' | 'busy' | 'leaving';

interface Credentials {
  values: { username: string; password: string };
  remember: boolean;
}

interface SignInCallbacks {
  onSuccess?: ((data: Partial<LoginData>) => void) | undefined;
  onError?: ((error: LoginErrorDetail) => void) | undefined;
}

/** Outcomes after which the page is on its way elsewhere: the form stays busy until it has gone. */
const LEAVING: ReadonlySet<ModeOutcome['status']> = new Set(['ok', 'bind', 'authorized', 'chat']);

export function useSignIn(dialog: boolean, autoStart: boolean, latest: { readonly current: SignInCallbacks }) {
  const config = useStore($config);
  const [phase, setPhase] = useState<Phase>(autoStart ? 'starting' : 'form');
  const { serverErrors, setServerErrors, wait, showWait, edited } = useRefusal();
  const submitting = useRef(false);
  const started = useRef(false);
  // Until the §4 mode order has run, a sign-in waits here instead of racing it.
  const checking = useRef(autoStart);
  const held = useRef<Credentials | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once; signIn reads only refs, setters and `dialog`
  useEffect(() => {
    if (!autoStart || !config || started.current) return;
    started.current = true;
    const announce = (data: Partial<LoginData>) => latest.current.onSuccess?.(data);
    const fail = (error: LoginErrorDetail) => {
      showWait(error);
      latest.current.onError?.(error);
    };
    void (async () => {
      await probeSignedIn(authDeps());
      const outcome = await runLoginModes(announce, fail);
      checking.current = false;
      const pressed = held.current;
      held.current = null;
      if (LEAVING.has(outcome.status)) setPhase('leaving');
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
    const result = await signInWithPassword(values, remember, dialog ? 'dialog' : 'page', (data) =>
      latest.current.onSuccess?.(data),
    );
    if (result.status === 'failed') {
      setServerErrors(result.error.fieldErrors);
      showWait(result.error);
      latest.current.onError?.(result.error);
      setPhase('form');
      submitting.current = false;
      return;
    }
    if (dialog) $loginPrompt.set(null);
    setPhase('leaving');
  };

  return { phase, serverErrors, wait, submit, edited };
}

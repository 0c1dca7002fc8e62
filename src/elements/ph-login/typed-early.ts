import { type RefObject, useLayoutEffect } from 'react';
import { $autoLogin, hasRememberedCredentials } from '../../core';
import type { LoginFields } from './use-login-fields';

// Server-rendered markup takes typing (and the browser's autofill) before the component runs: what the fields and the
// box hold when it comes alive is the user's, not the empty state it starts from; and a sign-in pressed meanwhile
// (held by early-submit.ts) is carried out with it.

/** Auto-login is on and a password is remembered: the remember box starts ticked. */
export const rememberedLogin = () => $autoLogin.get() && hasRememberedCredentials();

export function useTypedEarly(
  fields: LoginFields,
  rememberBox: RefObject<HTMLInputElement | null>,
  setRemember: (remember: boolean) => void,
  takeEarlySubmit: (() => boolean) | undefined,
): void {
  const { inputs } = fields;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the nodes the form mounted or hydrated
  useLayoutEffect(() => {
    const typed = { username: inputs.username.current?.value ?? '', password: inputs.password.current?.value ?? '' };
    if (typed.username || typed.password) fields.takeTyped(typed);
    const remembered = Boolean(rememberBox.current?.checked) || rememberedLogin();
    if (remembered) setRemember(true);
    if (takeEarlySubmit?.()) fields.submitValues(typed, remembered);
  }, []);
}

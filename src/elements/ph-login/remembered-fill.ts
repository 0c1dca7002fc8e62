import { useEffect } from 'react';
import { readRememberedCredentials } from '../../core';
import { rememberedLogin } from './typed-early';
import type { LoginFields } from './use-login-fields';

/**
 * §3's remembered password fills the form: the account and the password come in once the stored record is read
 * (issue 69: after signing out the box stayed ticked over two empty fields). What the user typed meanwhile wins, and
 * a form signing in is left alone.
 */
export function useRememberedFill(fields: LoginFields, busy: boolean): void {
  const { inputs } = fields;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form has mounted
  useEffect(() => {
    if (busy || !rememberedLogin()) return;
    let live = true;
    void readRememberedCredentials().then((credentials) => {
      const untouched = !inputs.username.current?.value && !inputs.password.current?.value;
      if (live && credentials && untouched) fields.takeTyped(credentials);
    });
    return () => {
      live = false;
    };
  }, []);
}

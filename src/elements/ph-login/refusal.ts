import { useState } from 'react';
import type { FieldError } from '../../core';
import type { LoginErrorDetail } from './sign-in';
import type { ShownWait } from './WaitNotice';

// What the form shows of a refused sign-in: the server's field errors under their fields, and a wait (issue 55)
// above the button, until an edit makes them no longer apply.

export function useRefusal() {
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [wait, setWait] = useState<ShownWait | null>(null);

  // A refusal with a wait replaces the one shown; any other failure means the wait no longer explains it.
  const showWait = (error: LoginErrorDetail) =>
    setWait((shown) => (error.wait ? { wait: error.wait, key: (shown?.key ?? 0) + 1 } : null));
  // Another account is not the locked one; a network's wait is the same for every account.
  const edited = (field: 'username' | 'password') => {
    setServerErrors((errors) => errors.filter((error) => error.field !== field));
    if (field === 'username') setWait((shown) => (shown?.wait.reason === 'account_locked' ? null : shown));
  };

  return { serverErrors, setServerErrors, wait, showWait, edited };
}

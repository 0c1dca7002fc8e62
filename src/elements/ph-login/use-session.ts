import { useEffect } from 'react';
import { $loginDialogReady, $loginFormShown, $loginStatus } from '../../core';

// What a mounted login form or dialog tells, and hears from, the page's session in core.

/** The session ended — a logout, or a lost session (in → unknown while `me` asks → out) — after it had begun. */
export function useSessionEnd(latest: { readonly current: { onLogout?: (() => void) | undefined } }): void {
  useEffect(() => {
    let signedIn = $loginStatus.get() === 'in';
    return $loginStatus.listen((status) => {
      if (status === 'in') signedIn = true;
      if (status === 'out' && signedIn) {
        signedIn = false;
        latest.current.onLogout?.();
      }
    });
  }, [latest]);
}

/** Core knows a login form (or the re-login dialog) is mounted while it is. */
export function useFormShown(dialog: boolean): void {
  useEffect(() => {
    const flag = dialog ? $loginDialogReady : $loginFormShown;
    flag.set(true);
    return () => flag.set(false);
  }, [dialog]);
}

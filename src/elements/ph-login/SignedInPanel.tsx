import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $session, authDeps, followAfterSignIn, logout, sameUrl } from '../../core';
import { useTranslate } from '../common/prerender';
import type { SignedInView } from './sign-in';

export interface SignedInPanelProps {
  view: SignedInView;
  /** The session has ended: the form takes this panel's place. */
  onSignedOut: () => void;
}

/** Who is signed in: the name `me` gave, else the account, else the typed one. */
function useSignedInName(view: SignedInView): string {
  const { realName, loginName } = useStore($session);
  const account = loginName || view.account || '';
  if (realName && account && realName !== account) return `${realName}（${account}）`;
  return realName || account || view.data.userId || '';
}

/**
 * Signed in where the page stays (issue 68): who, a way on to where §4 would have gone when the element stayed by
 * itself (a router sent it back, it had navigated already), and a way to sign in as someone else — never a busy form
 * that nobody can use.
 */
export function SignedInPanel({ view, onSignedOut }: SignedInPanelProps) {
  const translate = useTranslate();
  const name = useSignedInName(view);
  const [leaving, setLeaving] = useState(false);
  const deps = () => authDeps();
  const { continueTo } = view;
  const elsewhere = continueTo !== null && !sameUrl(continueTo, deps().location.href());

  const goOn = () => {
    if (!continueTo) return;
    setLeaving(true);
    followAfterSignIn({ action: 'go', url: continueTo }, deps());
  };
  const signOut = async () => {
    setLeaving(true);
    await logout(deps());
    onSignedOut();
  };

  return (
    <div className="signed-in" part="signed-in">
      <p className="signed-in-name" part="signed-in-name" role="status">
        {translate('login.signedInAs', { name })}
      </p>
      <div className="signed-in-actions">
        {elsewhere ? (
          <button type="button" className="submit" part="continue" disabled={leaving} onClick={goOn}>
            {translate('login.continue')}
          </button>
        ) : null}
        <button
          type="button"
          className="another"
          part="another-account"
          disabled={leaving}
          onClick={() => void signOut()}
        >
          {translate('login.anotherAccount')}
        </button>
      </div>
    </div>
  );
}

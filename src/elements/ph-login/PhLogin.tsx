import { useStore } from '@nanostores/react';
import { type ReactNode, useId } from 'react';
import { $loginPrompt, $loginStatus, addStrings, LOGIN_DIALOG_Z_INDEX, type RedirectChoice } from '../../core';
import { useTranslate } from '../common/prerender';
import { sharedStyles, useStyles } from '../common/styles';
import { useLatest } from '../common/use-latest';
import { PhModal } from '../ph-modal/PhModal';
import { LoginForm } from './LoginForm';
import { type LoginPlatform, OtherWays } from './OtherWays';
import { SignedInPanel } from './SignedInPanel';
import type { LoginErrorDetail } from './sign-in';
import { LOGIN_STRINGS } from './strings';
import styles from './styles.css';
import { useFormShown, useSessionEnd } from './use-session';
import { type SignInCallback, useSignIn } from './use-sign-in';

export type { LoginPlatform } from './OtherWays';

addStrings(LOGIN_STRINGS);
// Declared after PhModal's (imported above), so that in dialog mode these rules follow the dialog's.
const LOGIN_STYLES = sharedStyles(styles);

export interface PhLoginProps {
  /** `inline` (default): the login page's form. `dialog`: an overlay at z-index 2500 for signing in again. */
  mode?: 'inline' | 'dialog';
  /** Dialog mode: shown. */
  open?: boolean;
  /** Plain-text heading instead of 账号登录 / Sign in (dialog: 请重新登录 / Please sign in again). */
  heading?: string;
  /** Third-party sign-ins (§2): links when they have a `url`, else `ph-login-platform` tells the page. */
  platforms?: LoginPlatform[];
  /** Show the messaging app's QR container (its script renders into the `qr` slot). */
  qr?: boolean;
  /** Do not run the §4 login-mode order when mounted (a form only). */
  noAutoStart?: boolean;
  /**
   * `none`: stay on this page after signing in, and when a session is found (an app that routes by itself): the
   * element then shows who is signed in. Default `auto`: §4's redirect_uri, jump page or landing page, at most once a
   * page load and never to the page itself.
   */
  redirect?: RedirectChoice;
  /** Content of the QR container (the element passes its `qr` slot). */
  qrContent?: ReactNode;
  /** Signed in: the login data and where the page goes next (`redirect`); answer false to stay on this page. */
  onSuccess?: SignInCallback;
  /** A session was found when the form mounted (not a sign-in); answer false to stay on this page. */
  onRestored?: SignInCallback;
  onError?: (error: LoginErrorDetail) => void;
  onLogout?: () => void;
  onPlatform?: (platform: LoginPlatform) => void;
  /** The user closed the dialog. */
  onRequestClose?: () => void;
  /** Takes a sign-in pressed on the server's markup before the component ran (the element passes early-submit.ts'). */
  takeEarlySubmit?: () => boolean;
  /** Takes a third-party sign-in pressed on the server's markup before the component ran: its index, or -1. */
  takeEarlyPlatform?: () => number;
}

/**
 * The login form or dialog of spec §2, running the login modes of §4 on the login page. Signing in is useSignIn's and
 * the session's signals are use-session.ts'; PhLogin lays out the form, the other ways and the card or dialog.
 */
export function PhLogin(props: PhLoginProps) {
  const dialog = props.mode === 'dialog';
  const autoStart = !dialog && !props.noAutoStart;
  const translate = useTranslate();
  const prompt = useStore($loginPrompt);
  const latest = useLatest(props);
  const titleId = useId();
  useStyles(LOGIN_STYLES);
  useSessionEnd(latest);
  useFormShown(dialog);
  const { phase, signedIn, serverErrors, wait, submit, edited, signedOut } = useSignIn(dialog, autoStart, latest);
  const status = useStore($loginStatus);
  // A session that ends elsewhere (a header's logout) brings the form back.
  const staying = phase === 'signedIn' && signedIn !== null && status !== 'out';

  const form = (
    <LoginForm
      // While the page checks the session the fields take typing; only signing in locks them.
      busy={phase === 'held' || phase === 'busy' || phase === 'leaving'}
      takeEarlySubmit={props.takeEarlySubmit}
      serverErrors={serverErrors}
      wait={wait}
      onSubmit={submit}
      onEdit={edited}
    />
  );
  const others = <OtherWays {...props} />;

  if (dialog) {
    return (
      <PhModal
        inline
        open={Boolean(props.open || prompt)}
        heading={props.heading || translate('login.dialogTitle')}
        width="400px"
        zIndex={LOGIN_DIALOG_Z_INDEX}
        onRequestClose={() => {
          $loginPrompt.set(null);
          latest.current.onRequestClose?.();
        }}
      >
        {form}
        {others}
      </PhModal>
    );
  }
  return (
    <section className="card" part="card" aria-labelledby={titleId}>
      <h2 className="title" part="title" id={titleId}>
        {props.heading || translate('login.title')}
      </h2>
      {/* The line keeps its room once the check is over: its going moved the form up by its height (a layout
          shift of 0.012-0.015 at 412 px in every Lighthouse run, issue 70). The signed-in panel replaces the form. */}
      {staying ? null : (
        <p className="status" role="status">
          {phase === 'starting' || phase === 'held' ? translate('login.checking') : null}
        </p>
      )}
      {staying ? <SignedInPanel view={signedIn} onSignedOut={signedOut} /> : form}
      {staying ? null : others}
    </section>
  );
}

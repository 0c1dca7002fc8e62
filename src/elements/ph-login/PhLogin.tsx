import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import {
  $config,
  $loginDialogReady,
  $loginFormShown,
  $loginPrompt,
  $loginStatus,
  addStrings,
  authDeps,
  type FieldError,
  isChatProvider,
  LOGIN_DIALOG_Z_INDEX,
  type LoginData,
  type ModeOutcome,
  probeSignedIn,
  signInWithProvider,
} from '../../core';
import { QrIcon } from '../common/icons';
import { useTranslate } from '../common/prerender';
import { sharedStyles, useStyles } from '../common/styles';
import { useLatest } from '../common/use-latest';
import { PhModal } from '../ph-modal/PhModal';
import { LoginForm } from './LoginForm';
import { type LoginErrorDetail, runLoginModes, signInWithPassword } from './sign-in';
import { LOGIN_STRINGS } from './strings';
import styles from './styles.css';
import type { ShownWait } from './WaitNotice';

addStrings(LOGIN_STRINGS);
// Declared after PhModal's (imported above), so that in dialog mode these rules follow the dialog's.
const LOGIN_STYLES = sharedStyles(styles);

/** A third-party sign-in entry (§2): a link when it has a url, else the page handles `ph-login-platform`. */
export interface LoginPlatform {
  provider: string;
  name: string;
  url?: string;
  /** Icon image URL; without one the first letter of the name stands in. */
  icon?: string;
}

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
  /** Content of the QR container (the element passes its `qr` slot). */
  qrContent?: ReactNode;
  onSuccess?: (data: Partial<LoginData>) => void;
  onError?: (error: LoginErrorDetail) => void;
  onLogout?: () => void;
  onPlatform?: (platform: LoginPlatform) => void;
  /** The user closed the dialog. */
  onRequestClose?: () => void;
  /** Takes a sign-in pressed on the server's markup before the component ran (the element passes early-submit.ts'). */
  takeEarlySubmit?: () => boolean;
}

/** `held`: signing in was asked for while the session check ran; it goes ahead once the check leaves the form up. */
type Phase = 'starting' | 'held' | 'form' | 'busy' | 'leaving';

interface Credentials {
  values: { username: string; password: string };
  remember: boolean;
}

/** Outcomes after which the page is on its way elsewhere: the form stays busy until it has gone. */
const LEAVING: ReadonlySet<ModeOutcome['status']> = new Set(['ok', 'bind', 'authorized', 'chat']);

/** The login form or dialog of spec §2, running the login modes of §4 on the login page. */
export function PhLogin(props: PhLoginProps) {
  const dialog = props.mode === 'dialog';
  const autoStart = !dialog && !props.noAutoStart;
  const translate = useTranslate();
  const config = useStore($config);
  const prompt = useStore($loginPrompt);
  const [phase, setPhase] = useState<Phase>(autoStart ? 'starting' : 'form');
  const [serverErrors, setServerErrors] = useState<FieldError[]>([]);
  const [wait, setWait] = useState<ShownWait | null>(null);
  const submitting = useRef(false);
  const started = useRef(false);
  // Until the §4 mode order has run, a sign-in waits here instead of racing it.
  const checking = useRef(autoStart);
  const held = useRef<Credentials | null>(null);
  const latest = useLatest(props);
  const titleId = useId();
  useStyles(LOGIN_STYLES);

  // The session ended — a logout, or a lost session (in → unknown while `me` asks → out) — after it had begun.
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

  useEffect(() => {
    const flag = dialog ? $loginDialogReady : $loginFormShown;
    flag.set(true);
    return () => flag.set(false);
  }, [dialog]);

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

  // A refusal with a wait replaces the one shown; any other failure means the wait no longer explains it.
  const showWait = (error: LoginErrorDetail) =>
    setWait((shown) => (error.wait ? { wait: error.wait, key: (shown?.key ?? 0) + 1 } : null));
  // Another account is not the locked one; a network's wait is the same for every account.
  const edited = (field: 'username' | 'password') => {
    setServerErrors((errors) => errors.filter((error) => error.field !== field));
    if (field === 'username') setWait((shown) => (shown?.wait.reason === 'account_locked' ? null : shown));
  };

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
  const status =
    phase === 'starting' || phase === 'held' ? (
      <p className="status" role="status">
        {translate('login.checking')}
      </p>
    ) : null;
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
      {status}
      {form}
      {others}
    </section>
  );
}

/**
 * What the QR box shows until the messaging app's script renders its code into it (and where no script is loaded):
 * an icon and what will appear, so the box never reads as an empty square (issue 56).
 */
export function QrPlaceholder() {
  const translate = useTranslate();
  return (
    <span className="qr-placeholder" part="qr-placeholder">
      <QrIcon />
      <span>{translate('login.qrPending')}</span>
    </span>
  );
}

function OtherWays({ platforms = [], qr, qrContent, onPlatform }: PhLoginProps) {
  const translate = useTranslate();
  // The page hears of every click; work-chat (qy) and the chat app (mp) also go to their provider (issue 8 §12).
  const choose = (platform: LoginPlatform) => {
    onPlatform?.(platform);
    if (isChatProvider(platform.provider) && $config.get()) void signInWithProvider(platform.provider, authDeps());
  };
  if (platforms.length === 0 && !qr) return null;
  return (
    <div className="others" part="others">
      <p className="others-title">{translate('login.others')}</p>
      {platforms.length > 0 ? (
        <ul className="platforms">
          {platforms.map((platform) => {
            const label = translate('login.platform', { name: platform.name });
            const badge = platform.icon ? (
              <img className="badge" src={platform.icon} alt="" width="28" height="28" loading="lazy" />
            ) : (
              <span className="badge" aria-hidden="true">
                {platform.name.slice(0, 1)}
              </span>
            );
            return (
              <li key={platform.provider}>
                {platform.url ? (
                  <a className="platform" part="platform" href={platform.url} aria-label={label} title={label}>
                    {badge}
                  </a>
                ) : (
                  <button
                    type="button"
                    className="platform"
                    part="platform"
                    aria-label={label}
                    title={label}
                    onClick={() => choose(platform)}
                  >
                    {badge}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {qr ? (
        <figure className="qr" part="qr">
          <div className="qr-box">{qrContent ?? <QrPlaceholder />}</div>
          <figcaption>{translate('login.qr')}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}

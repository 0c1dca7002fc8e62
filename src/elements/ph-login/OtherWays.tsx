import { type ReactNode, useLayoutEffect } from 'react';
import { $config, authDeps, isChatProvider, signInWithProvider } from '../../core';
import { QrIcon } from '../common/icons';
import { useTranslate } from '../common/prerender';

/** A third-party sign-in entry (§2): a link when it has a url, else the page handles `ph-login-platform`. */
export interface LoginPlatform {
  provider: string;
  name: string;
  url?: string;
  /** Icon image URL; without one the first letter of the name stands in. */
  icon?: string;
}

export interface OtherWaysProps {
  platforms?: LoginPlatform[] | undefined;
  /** Show the messaging app's QR container. */
  qr?: boolean | undefined;
  /** Content of the QR container (the element passes its `qr` slot). */
  qrContent?: ReactNode;
  onPlatform?: ((platform: LoginPlatform) => void) | undefined;
  /** A sign-in button pressed on the server's markup before the component ran (early-submit.ts): its index, or -1. */
  takeEarlyPlatform?: (() => number) | undefined;
}

/**
 * What the QR box shows until the messaging app's script renders its code into it: an icon and that it is loading,
 * or, where none will come (no script set, or it failed), that QR sign-in is not offered here (issue 56, issue 69).
 */
export function QrPlaceholder({ unavailable = false }: { unavailable?: boolean }) {
  const translate = useTranslate();
  return (
    <span className="qr-placeholder" part="qr-placeholder">
      <QrIcon />
      <span>{translate(unavailable ? 'login.qrUnavailable' : 'login.qrPending')}</span>
    </span>
  );
}

/** Under the form: the third-party sign-ins (§2) and the messaging app's QR container, when there are any. */
/**
 * Runs `go` once the page is configured (phinit): at once, or when a page that loads its own script after the
 * element's configures it (a press held from before the element ran is carried out then).
 */
function whenConfigured(go: () => void): void {
  if ($config.get()) {
    go();
    return;
  }
  const stop = $config.listen((config) => {
    if (!config) return;
    stop();
    go();
  });
}

export function OtherWays({ platforms = [], qr, qrContent, onPlatform, takeEarlyPlatform }: OtherWaysProps) {
  const translate = useTranslate();
  // The page hears of every click; work-chat (qy) and the chat app (mp) also go to their provider (issue 8 §12).
  const choose = (platform: LoginPlatform) => {
    onPlatform?.(platform);
    const { provider } = platform;
    if (isChatProvider(provider)) whenConfigured(() => void signInWithProvider(provider, authDeps()));
  };
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the buttons the component mounted or hydrated
  useLayoutEffect(() => {
    // The script counts the buttons only: a platform with a url is a link, which needs no script.
    const pressed = platforms.filter((platform) => !platform.url)[takeEarlyPlatform?.() ?? -1];
    if (pressed) choose(pressed);
  }, []);
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
          <div className="qr-box">{qrContent ?? <QrPlaceholder unavailable />}</div>
          <figcaption>{translate('login.qr')}</figcaption>
        </figure>
      ) : null}
    </div>
  );
}

import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useState } from 'react';
import { $config, FORGET_PASSWORD_PATH, getLocation, siteOf, siteUrl } from '../../core';
import { useTranslate } from '../common/prerender';

/**
 * The forgot-password page. The server's markup has the bare path; here it becomes absolute on the page's own site,
 * which a `<base href>` elsewhere would otherwise decide.
 */
export function useForgotHref(): string {
  const config = useStore($config);
  const [forgotHref, setForgotHref] = useState(FORGET_PASSWORD_PATH);
  useEffect(() => setForgotHref(siteUrl(siteOf(getLocation().href(), config ?? {}), FORGET_PASSWORD_PATH)), [config]);
  return forgotHref;
}

export interface RememberRowProps {
  boxRef: RefObject<HTMLInputElement | null>;
  remember: boolean;
  /** Signing in: the box is disabled. */
  busy: boolean;
  onRemember: (remember: boolean) => void;
  forgotHref: string;
}

/** Under the fields: the remember-password box and the forgot-password link. */
export function RememberRow({ boxRef, remember, busy, onRemember, forgotHref }: RememberRowProps) {
  const translate = useTranslate();
  return (
    <div className="row">
      <label className="remember">
        <input
          ref={boxRef}
          className="check"
          type="checkbox"
          name="remember"
          checked={remember}
          disabled={busy}
          onChange={(event) => onRemember(event.target.checked)}
        />
        {translate('login.remember')}
      </label>
      <a className="forgot" part="forgot" href={forgotHref} target="_blank" rel="noopener">
        {translate('login.forgot')}
      </a>
    </div>
  );
}

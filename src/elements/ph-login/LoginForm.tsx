import { type FormEvent, useContext, useId, useRef, useState } from 'react';
import type { FieldError } from '../../core';
import { PrerenderLanguage, useTranslate } from '../common/prerender';
import { fieldProps, LoginField, RevealButton } from './LoginField';
import { RememberRow, useForgotHref } from './RememberRow';
import { useRememberedFill } from './remembered-fill';
import { rememberedLogin, useTypedEarly } from './typed-early';
import { enterKey, type Field, useLoginFields } from './use-login-fields';
import { type ShownWait, WaitNotice } from './WaitNotice';

export interface LoginFormProps {
  /** Signing in: fields locked, button busy. */
  busy: boolean;
  /**
   * Takes a sign-in pressed on the server's markup before this component ran (early-submit.ts): true when there was
   * one, which the form then carries out with what the fields hold.
   */
  takeEarlySubmit?: () => boolean;
  /** Field errors the server answered (bilingual `中文|||English` messages). */
  serverErrors: FieldError[];
  /** A sign-in refused for a while (issue 55): said above the button until the wait is over. */
  wait?: ShownWait | null;
  onSubmit: (values: { username: string; password: string }, remember: boolean) => void;
  /** A field changed: its server error no longer applies. */
  onEdit: (field: Field) => void;
}

/**
 * The account/password form of §2 with the §5 rules: both trimmed and required, checked on change and on blur,
 * errors under their fields (also the server's). Enter submits when both are filled and no error shows, otherwise
 * it moves to the empty field.
 */
export function LoginForm({ busy, takeEarlySubmit, serverErrors, wait, onSubmit, onEdit }: LoginFormProps) {
  const translate = useTranslate();
  const hydrating = useContext(PrerenderLanguage) !== null;
  const fields = useLoginFields({ busy, serverErrors, onSubmit, onEdit });
  const [showPassword, setShowPassword] = useState(false);
  // Markup from a server shows the box as the server saw it (clear); the stored choice comes in below.
  const [remember, setRemember] = useState(() => !hydrating && rememberedLogin());
  const rememberBox = useRef<HTMLInputElement>(null);
  const ids = { username: useId(), password: useId() };
  const forgotHref = useForgotHref();
  useTypedEarly(fields, rememberBox, setRemember, takeEarlySubmit);
  useRememberedFill(fields, busy);

  const submit = () => fields.submitValues(fields.values, remember);
  const onKeyDown = enterKey(fields, submit);
  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  return (
    // method="dialog": should the server's markup be pressed before its inline script has run (the parser may paint
    // between them), a native submission does nothing instead of sending the password in the URL.
    <form className="form" part="form" method="dialog" noValidate onSubmit={onFormSubmit} onKeyDown={onKeyDown}>
      <LoginField
        {...fieldProps(fields, 'username', ids.username, busy)}
        label={translate('login.account')}
        placeholder={translate('login.accountPlaceholder')}
      />
      <LoginField
        {...fieldProps(fields, 'password', ids.password, busy)}
        label={translate('login.password')}
        placeholder={translate('login.passwordPlaceholder')}
        revealed={showPassword}
      >
        <RevealButton shown={showPassword} onToggle={() => setShowPassword((shown) => !shown)} />
      </LoginField>
      <RememberRow
        boxRef={rememberBox}
        remember={remember}
        busy={busy}
        onRemember={setRemember}
        forgotHref={forgotHref}
      />
      {wait ? <WaitNotice key={wait.key} wait={wait.wait} forgotHref={forgotHref} /> : null}
      {/* Usable while a refusal shows: the server decides whether the wait is over. */}
      <button type="submit" className="submit" part="submit" disabled={busy} aria-busy={busy}>
        {translate('login.submit')}
      </button>
    </form>
  );
}

import { useStore } from '@nanostores/react';
import {
  type FormEvent,
  type KeyboardEvent,
  type ReactNode,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import {
  $autoLogin,
  $config,
  type FieldError,
  FORGET_PASSWORD_PATH,
  getLocation,
  hasRememberedCredentials,
  siteOf,
  siteUrl,
  splitBilingual,
  validateLoginFields,
} from '../../core';
import { EyeIcon, EyeOffIcon } from '../common/icons';
import { PrerenderLanguage, useLanguage, useTranslate } from '../common/prerender';
import { type ShownWait, WaitNotice } from './WaitNotice';

type Field = 'username' | 'password';

const rememberedLogin = () => $autoLogin.get() && hasRememberedCredentials();

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
  const language = useLanguage();
  const hydrating = useContext(PrerenderLanguage) !== null;
  const [values, setValues] = useState({ username: '', password: '' });
  const [checked, setChecked] = useState<Record<Field, boolean>>({ username: false, password: false });
  const [showPassword, setShowPassword] = useState(false);
  // Markup from a server shows the box as the server saw it (clear); the stored choice comes in below.
  const [remember, setRemember] = useState(() => !hydrating && rememberedLogin());
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };
  const rememberBox = useRef<HTMLInputElement>(null);
  const ids = { username: useId(), password: useId() };
  const config = useStore($config);
  // The server's markup has the bare path; here it becomes absolute on the page's own site, which a `<base href>`
  // elsewhere would otherwise decide.
  const [forgotHref, setForgotHref] = useState(FORGET_PASSWORD_PATH);
  useEffect(() => setForgotHref(siteUrl(siteOf(getLocation().href(), config ?? {}), FORGET_PASSWORD_PATH)), [config]);

  // Server-rendered markup takes typing (and the browser's autofill) before this component runs: what the fields and
  // the box hold when it comes alive is the user's, not the empty state it starts from.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on the nodes the form mounted or hydrated
  useLayoutEffect(() => {
    const typed = { username: inputs.username.current?.value ?? '', password: inputs.password.current?.value ?? '' };
    if (typed.username || typed.password) {
      setValues(typed);
      setChecked({ username: typed.username !== '', password: typed.password !== '' });
    }
    const remembered = Boolean(rememberBox.current?.checked) || rememberedLogin();
    if (remembered) setRemember(true);
    if (takeEarlySubmit?.()) submitValues(typed, remembered);
  }, []);

  // Validation runs at render so that messages follow a language change.
  const validation = validateLoginFields(values).errors;
  const errorOf = (field: Field): string | undefined => {
    if (checked[field] && validation[field]) return validation[field];
    const server = serverErrors.find((error) => error.field === field);
    return server ? splitBilingual(server.message, language) : undefined;
  };
  const errors = { username: errorOf('username'), password: errorOf('password') };

  const check = (field: Field) => setChecked((current) => ({ ...current, [field]: true }));
  const change = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    check(field);
    onEdit(field);
  };

  const submitValues = (current: typeof values, rememberChoice: boolean) => {
    setChecked({ username: true, password: true });
    const result = validateLoginFields(current);
    if (!result.valid) {
      inputs[result.errors.username ? 'username' : 'password'].current?.focus();
      return;
    }
    if (!busy) onSubmit(result.values, rememberChoice);
  };
  const submit = () => submitValues(values, remember);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    // Enter that picks an input-method candidate (typing a Chinese name) is not a submit.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || (event.target as HTMLElement).tagName !== 'INPUT')
      return;
    if ((event.target as HTMLInputElement).type === 'checkbox') return;
    event.preventDefault();
    const empty = (['username', 'password'] as const).find((field) => !values[field].trim());
    if (empty) {
      check(empty);
      inputs[empty].current?.focus();
    } else if (!errors.username && !errors.password) submit();
  };

  const onFormSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit();
  };

  const field = (name: Field, label: string, placeholder: string, extra?: ReactNode) => (
    <div className={errors[name] ? 'field invalid' : 'field'} part={`field field-${name}`}>
      <label htmlFor={ids[name]}>{label}</label>
      <div className="control">
        <input
          ref={inputs[name]}
          id={ids[name]}
          name={name}
          part="input"
          type={name === 'password' && !showPassword ? 'password' : 'text'}
          autoComplete={name === 'password' ? 'current-password' : 'username'}
          placeholder={placeholder}
          value={values[name]}
          maxLength={name === 'password' ? 128 : 64}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={errors[name] ? `${ids[name]}-error` : undefined}
          readOnly={busy}
          onChange={(event) => change(name, event.target.value)}
          onBlur={() => check(name)}
        />
        {extra}
      </div>
      <div className="error" id={`${ids[name]}-error`} part="error" role={errors[name] ? 'alert' : undefined}>
        {errors[name]}
      </div>
    </div>
  );

  return (
    // method="dialog": should the server's markup be pressed before its inline script has run (the parser may paint
    // between them), a native submission does nothing instead of sending the password in the URL.
    <form className="form" part="form" method="dialog" noValidate onSubmit={onFormSubmit} onKeyDown={onKeyDown}>
      {field('username', translate('login.account'), translate('login.accountPlaceholder'))}
      {field(
        'password',
        translate('login.password'),
        translate('login.passwordPlaceholder'),
        <button
          type="button"
          className="ph-icon-button reveal"
          part="reveal"
          aria-pressed={showPassword}
          aria-label={translate(showPassword ? 'login.hidePassword' : 'login.showPassword')}
          title={translate(showPassword ? 'login.hidePassword' : 'login.showPassword')}
          onClick={() => setShowPassword((shown) => !shown)}
        >
          {showPassword ? <EyeOffIcon /> : <EyeIcon />}
        </button>,
      )}
      <div className="row">
        <label className="remember">
          <input
            ref={rememberBox}
            className="check"
            type="checkbox"
            name="remember"
            checked={remember}
            disabled={busy}
            onChange={(event) => setRemember(event.target.checked)}
          />
          {translate('login.remember')}
        </label>
        <a className="forgot" part="forgot" href={forgotHref} target="_blank" rel="noopener">
          {translate('login.forgot')}
        </a>
      </div>
      {wait ? <WaitNotice key={wait.key} wait={wait.wait} forgotHref={forgotHref} /> : null}
      {/* Usable while a refusal shows: the server decides whether the wait is over. */}
      <button type="submit" className="submit" part="submit" disabled={busy} aria-busy={busy}>
        {translate('login.submit')}
      </button>
    </form>
  );
}

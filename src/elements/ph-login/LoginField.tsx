import type { ReactNode, RefObject } from 'react';
import { EyeIcon, EyeOffIcon } from '../common/icons';
import { useTranslate } from '../common/prerender';
import type { Field, LoginFields } from './use-login-fields';

export interface LoginFieldProps {
  name: Field;
  id: string;
  label: string;
  placeholder: string;
  value: string;
  /** The message under the field, if any (the field is then invalid). */
  error: string | undefined;
  /** The password shows as text (the reveal button is pressed). */
  revealed?: boolean;
  /** Signing in: the input is read-only. */
  busy: boolean;
  inputRef: RefObject<HTMLInputElement | null>;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** Beside the input (the password's reveal button). */
  children?: ReactNode;
}

/** One field of the form: its label, the input, and the error under it, announced when it appears. */
export function LoginField(props: LoginFieldProps) {
  const { name, id, error } = props;
  return (
    <div className={error ? 'field invalid' : 'field'} part={`field field-${name}`}>
      <label htmlFor={id}>{props.label}</label>
      <div className="control">
        <input
          ref={props.inputRef}
          id={id}
          name={name}
          part="input"
          type={name === 'password' && !props.revealed ? 'password' : 'text'}
          autoComplete={name === 'password' ? 'current-password' : 'username'}
          placeholder={props.placeholder}
          value={props.value}
          maxLength={name === 'password' ? 128 : 64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          readOnly={props.busy}
          onChange={(event) => props.onChange(event.target.value)}
          onBlur={props.onBlur}
        />
        {props.children}
      </div>
      <div className="error" id={`${id}-error`} part="error" role={error ? 'alert' : undefined}>
        {error}
      </div>
    </div>
  );
}

/** What a field shows and does, from the form's fields (useLoginFields). */
export function fieldProps(fields: LoginFields, name: Field, id: string, busy: boolean) {
  return {
    name,
    id,
    value: fields.values[name],
    error: fields.errors[name],
    busy,
    inputRef: fields.inputs[name],
    onChange: (value: string) => fields.change(name, value),
    onBlur: () => fields.check(name),
  };
}

/** The password's show/hide button. */
export function RevealButton({ shown, onToggle }: { shown: boolean; onToggle: () => void }) {
  const translate = useTranslate();
  return (
    <button
      type="button"
      className="ph-icon-button reveal"
      part="reveal"
      aria-pressed={shown}
      aria-label={translate(shown ? 'login.hidePassword' : 'login.showPassword')}
      title={translate(shown ? 'login.hidePassword' : 'login.showPassword')}
      onClick={onToggle}
    >
      {shown ? <EyeOffIcon /> : <EyeIcon />}
    </button>
  );
}

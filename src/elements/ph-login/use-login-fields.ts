import { type KeyboardEvent, type RefObject, useRef, useState } from 'react';
import { type FieldError, splitBilingual, validateLoginFields } from '../../core';
import { useLanguage } from '../common/prerender';

// The §5 rules of the two fields as the form holds them: both trimmed and required, checked on change and on blur,
// the server's errors under their fields until edited; a submit checks both first, and Enter submits only when both
// are filled and no error shows.

export type Field = 'username' | 'password';
export type FieldValues = Record<Field, string>;

export interface FieldsOptions {
  /** Signing in: a submit does nothing. */
  busy: boolean;
  serverErrors: FieldError[];
  onSubmit: (values: FieldValues, remember: boolean) => void;
  onEdit: (field: Field) => void;
}

export interface LoginFields {
  values: FieldValues;
  errors: Record<Field, string | undefined>;
  inputs: Record<Field, RefObject<HTMLInputElement | null>>;
  /** The field was left or typed into: its rule's message may show. */
  check: (field: Field) => void;
  change: (field: Field, value: string) => void;
  /** What the fields held before the script ran (a server's markup) becomes theirs, checked. */
  takeTyped: (typed: FieldValues) => void;
  /** Checks both; focuses the first wrong one, else signs in with `current` unless busy. */
  submitValues: (current: FieldValues, rememberChoice: boolean) => void;
}

export function useLoginFields({ busy, serverErrors, onSubmit, onEdit }: FieldsOptions): LoginFields {
  const language = useLanguage();
  const [values, setValues] = useState({ username: '', password: '' });
  const [checked, setChecked] = useState<Record<Field, boolean>>({ username: false, password: false });
  const inputs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

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
  const takeTyped = (typed: FieldValues) => {
    setValues(typed);
    setChecked({ username: typed.username !== '', password: typed.password !== '' });
  };

  const submitValues = (current: FieldValues, rememberChoice: boolean) => {
    setChecked({ username: true, password: true });
    const result = validateLoginFields(current);
    if (!result.valid) {
      inputs[result.errors.username ? 'username' : 'password'].current?.focus();
      return;
    }
    if (!busy) onSubmit(result.values, rememberChoice);
  };

  return { values, errors, inputs, check, change, takeTyped, submitValues };
}

/** The form's Enter: submits when both fields are filled and no error shows, otherwise moves to the empty field. */
export function enterKey(fields: LoginFields, submit: () => void) {
  return (event: KeyboardEvent<HTMLFormElement>) => {
    // Enter that picks an input-method candidate (typing a Chinese name) is not a submit.
    if (event.key !== 'Enter' || event.nativeEvent.isComposing || (event.target as HTMLElement).tagName !== 'INPUT')
      return;
    if ((event.target as HTMLInputElement).type === 'checkbox') return;
    event.preventDefault();
    const empty = (['username', 'password'] as const).find((field) => !fields.values[field].trim());
    if (empty) {
      fields.check(empty);
      fields.inputs[empty].current?.focus();
    } else if (!fields.errors.username && !fields.errors.password) submit();
  };
}

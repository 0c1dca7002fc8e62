import { createElement } from 'react';
import type { LoginData } from '../../core';
import { QrIcon } from '../common/icons';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, dispatchFrom, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import { type LoginPlatform, PhLogin, type PhLoginProps } from './PhLogin';
import type { LoginErrorDetail } from './sign-in';

/** What a page can set on <ph-login>: the component's plain-data props, `platforms` as JSON text. */
type LoginElementProps = ElementProps &
  Pick<PhLoginProps, 'mode' | 'open' | 'heading' | 'qr' | 'noAutoStart'> & {
    /** JSON text of LoginPlatform[] (an attribute); read leniently so that a typo cannot break the element. */
    platforms?: string;
  };

/** The login data of §3 without the token: events reach every script on the page. */
export type PhLoginSuccessDetail = Omit<Partial<LoginData>, 'accessToken' | 'expiresIn'>;
export type PhLoginErrorDetail = Pick<LoginErrorDetail, 'status' | 'code' | 'message'>;

/** <ph-login>: PhLogin in the element's shadow root; outcomes become ph-login-* events on the host. */
function LoginElement({ container, platforms, ...props }: LoginElementProps) {
  const host = hostOf(container);
  return createElement(PhLogin, {
    ...props,
    platforms: parsePlatforms(platforms),
    qrContent: createElement('slot', { name: 'qr' }, createElement(QrIcon)),
    onSuccess: ({ accessToken: _token, expiresIn: _expires, ...data }) =>
      dispatchFrom<PhLoginSuccessDetail>(host, 'ph-login-success', data),
    onError: ({ status, code, message }) =>
      dispatchFrom<PhLoginErrorDetail>(host, 'ph-login-error', { status, code, message }),
    onLogout: () => dispatchFrom(host, 'ph-logout', {}),
    onPlatform: (platform) => dispatchFrom(host, 'ph-login-platform', platform),
    onRequestClose: () => host?.removeAttribute('open'),
  });
}

/** The `platforms` attribute: a JSON array of `{provider, name, url?, icon?}`; anything else shows none. */
function parsePlatforms(text: string | undefined): LoginPlatform[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value)
      ? value.filter(
          (entry): entry is LoginPlatform => typeof entry?.provider === 'string' && typeof entry?.name === 'string',
        )
      : [];
  } catch {
    return [];
  }
}

export const PhLoginElement = defineElement('ph-login', LoginElement, {
  props: { mode: 'string', heading: 'string', platforms: 'string' },
  booleans: ['open', 'qr', 'noAutoStart'],
});
ensureToastHost();
installGlobals();

declare global {
  interface HTMLElementTagNameMap {
    'ph-login': HTMLElement & Omit<LoginElementProps, 'container'>;
  }
}

import { createElement } from 'react';
import type { LoginData } from '../../core';
import { QrIcon } from '../common/icons';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, dispatchFrom, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import { type LoginPlatform, PhLogin } from './PhLogin';
import type { LoginErrorDetail } from './sign-in';

interface LoginElementProps extends ElementProps {
  mode?: 'inline' | 'dialog';
  open?: boolean;
  heading?: string;
  platforms?: LoginPlatform[];
  qr?: boolean;
  noAutoStart?: boolean;
}

export type PhLoginSuccessDetail = Partial<LoginData>;
export type PhLoginErrorDetail = Pick<LoginErrorDetail, 'status' | 'code' | 'message'>;

/** <ph-login>: PhLogin in the element's shadow root; outcomes become ph-login-* events on the host. */
function LoginElement({ container, ...props }: LoginElementProps) {
  const host = hostOf(container);
  return createElement(PhLogin, {
    ...props,
    qrContent: createElement('slot', { name: 'qr' }, createElement(QrIcon)),
    onSuccess: (data) => dispatchFrom<PhLoginSuccessDetail>(host, 'ph-login-success', data),
    onError: ({ status, code, message }) =>
      dispatchFrom<PhLoginErrorDetail>(host, 'ph-login-error', { status, code, message }),
    onLogout: () => dispatchFrom(host, 'ph-logout', {}),
    onPlatform: (platform) => dispatchFrom(host, 'ph-login-platform', platform),
    onRequestClose: () => host?.removeAttribute('open'),
  });
}

export const PhLoginElement = defineElement('ph-login', LoginElement, {
  props: { mode: 'string', heading: 'string', platforms: 'json' },
  booleans: ['open', 'qr', 'noAutoStart'],
});
ensureToastHost();
installGlobals();

declare global {
  interface HTMLElementTagNameMap {
    'ph-login': HTMLElement & Omit<LoginElementProps, 'container'>;
  }
}

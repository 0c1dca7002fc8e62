import { createElement } from 'react';
import { dispatchFrom, type ElementOptions, type ElementProps, hostOf } from '../define';
import { takeEarlyPlatform, takeEarlySubmit } from './early-submit';
import { type LoginPlatform, QrPlaceholder } from './OtherWays';
import { PhLogin, type PhLoginProps } from './PhLogin';
import { useQrCode } from './use-qr-code';

// What <ph-login> renders, apart from its registration (define.ts): a server renders the same (ph-widgets/server).

/** What a page can set on <ph-login>: the component's plain-data props, `platforms` as JSON text. */
export type LoginElementProps = ElementProps &
  Pick<PhLoginProps, 'mode' | 'open' | 'heading' | 'qr' | 'noAutoStart' | 'redirect'> & {
    /**
     * Third-party sign-ins (§2) as JSON text: `[{provider, name, url?, icon?}]`, links when they have a `url`, else
     * `ph-login-platform` tells the page, and `qy` (work-chat) and `mp` (chat app) then go to their provider's
     * authorisation page. Read leniently: a typo shows none rather than breaking the element.
     */
    platforms?: string;
  };

/** How <ph-login>'s attributes become props. */
export const LOGIN_ELEMENT_OPTIONS: ElementOptions<LoginElementProps> = {
  props: { mode: 'string', heading: 'string', platforms: 'string', redirect: 'string' },
  booleans: ['open', 'qr', 'noAutoStart'],
};

/** <ph-login>: PhLogin in the element's shadow root; outcomes become ph-login-* events on the host. */
export function LoginElement({ container, platforms, ...props }: LoginElementProps) {
  const host = hostOf(container);
  const qrUnavailable = useQrCode(host, props.qr);
  return createElement(PhLogin, {
    ...props,
    platforms: parsePlatforms(platforms),
    qrContent: createElement('slot', { name: 'qr' }, createElement(QrPlaceholder, { unavailable: qrUnavailable })),
    // Cancelable: preventDefault() keeps the page where it is (an app that routes by itself).
    onSuccess: ({ accessToken: _token, expiresIn: _expires, ...data }) =>
      dispatchFrom(host, 'ph-login-success', data, { cancelable: true }),
    onRestored: ({ accessToken: _token, expiresIn: _expires, ...data }) =>
      dispatchFrom(host, 'ph-login-restored', data, { cancelable: true }),
    onError: ({ status, code, message }) => dispatchFrom(host, 'ph-login-error', { status, code, message }),
    onLogout: () => dispatchFrom(host, 'ph-login-logout', {}),
    onPlatform: (platform) => dispatchFrom(host, 'ph-login-platform', platform),
    onRequestClose: () => host?.removeAttribute('open'),
    takeEarlySubmit: () => takeEarlySubmit(host),
    takeEarlyPlatform: () => takeEarlyPlatform(host),
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

import { $config, authDeps, getLocation, type Language, loadScript, providerAppId, showQrLogin } from '../../core';

/**
 * Draws the QR code of phinit's `qrLogin` into a box of `host`'s light DOM (slot `qr`; the script finds it by id in
 * the document). `shown` is false when none will come; `remove` takes the box away (or stops it being placed).
 * A module of its own, loaded only by a `<ph-login qr>`: a work-chat page's login does not carry it.
 */
export function drawQrCode(host: HTMLElement, language: Language): { shown: Promise<boolean>; remove(): void } {
  let gone = false;
  let box: HTMLElement | null = null;
  const deps = {
    corpId: () => providerAppId('qy', authDeps()),
    loadScript: (url: string) => loadScript(url),
    scope: globalThis as { WwLogin?: unknown },
    href: getLocation().href(),
    language,
  };
  const place = () => {
    if (gone) return null;
    box = host.ownerDocument.createElement('div');
    box.slot = 'qr';
    // Unique in the document (core's randomId lives in the upload chunk, which a login page does not load).
    box.id = `ph-login-qr-${Math.random().toString(36).slice(2)}`;
    host.append(box);
    return box;
  };
  return {
    shown: showQrLogin($config.get()?.qrLogin, deps, place),
    remove: () => {
      gone = true;
      box?.remove();
    },
  };
}

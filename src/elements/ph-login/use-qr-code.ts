import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $config,
  $language,
  authDeps,
  getLocation,
  loadScript,
  providerAppId,
  randomId,
  showQrLogin,
} from '../../core';

/**
 * <ph-login qr>'s code (§2 QR container, §7 chat-login script): phinit's `qrLogin` names the script, which draws the
 * code into a box of the element's light DOM (slot `qr`; the script finds it by id in the document), drawn again in
 * a new language. A page that puts its own content into the slot keeps it. True when no code will come: the
 * container then says so instead of promising one.
 */
export function useQrCode(host: HTMLElement | null, qr: boolean | undefined): boolean {
  const language = useStore($language);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    if (!qr || !host || host.querySelector(':scope > [slot=qr]')) return;
    let gone = false;
    let box: HTMLElement | null = null;
    setUnavailable(false);
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
      box.id = `ph-login-qr-${randomId(8)}`;
      host.append(box);
      return box;
    };
    void showQrLogin($config.get()?.qrLogin, deps, place).then((shown) => gone || setUnavailable(!shown));
    return () => {
      gone = true;
      box?.remove();
    };
  }, [qr, host, language]);
  return unavailable;
}

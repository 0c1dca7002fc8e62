import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $language } from '../../core';

/**
 * <ph-login qr>'s code (§2 QR container, §7 chat-login script): phinit's `qrLogin` names the script that draws it
 * (qr-code.ts, loaded here only when asked for), drawn again in a new language. A page that puts its own content into
 * the `qr` slot keeps it. True when no code will come: the container then says so instead of promising one.
 */
export function useQrCode(host: HTMLElement | null, qr: boolean | undefined): boolean {
  const language = useStore($language);
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    if (!qr || !host || host.querySelector(':scope > [slot=qr]')) return;
    let stop = false;
    let remove = () => {
      stop = true;
    };
    setUnavailable(false);
    void import('./qr-code').then(({ drawQrCode }) => {
      if (stop) return;
      const drawing = drawQrCode(host, language);
      remove = () => {
        stop = true;
        drawing.remove();
      };
      return drawing.shown.then((shown) => stop || setUnavailable(!shown));
    });
    return () => remove();
  }, [qr, host, language]);
  return unavailable;
}

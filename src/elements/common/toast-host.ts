import { defineElement } from '../define';
import { Toasts } from './Toasts';

const TAG = 'ph-toast-host';

/**
 * Every element can raise notifications through core's notify(); one <ph-toast-host> on the page shows them.
 * Each element module calls this once: the host is defined and appended only if the page has none yet.
 */
export function ensureToastHost(): void {
  if (typeof document === 'undefined') return;
  defineElement(TAG, Toasts);
  const append = () => {
    if (!document.querySelector(TAG)) document.body.append(document.createElement(TAG));
  };
  if (document.body) append();
  else document.addEventListener('DOMContentLoaded', append, { once: true });
}

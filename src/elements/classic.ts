// The classic script for legacy pages (dist/ph-widgets.js): defines every element and `window.PH`.
import { $language, createGlobalPhinit, type Language, normalizeLanguage, notify, phinit, t } from '../core';
import { WIDGETS_VERSION } from './define';
import './ph-modal/define';

interface PhGlobal {
  version: string;
  phinit: typeof phinit;
  notify: typeof notify;
  t: typeof t;
  setLanguage: (language: string) => Language;
}

declare global {
  interface Window {
    PH?: PhGlobal;
    phinit?: ReturnType<typeof createGlobalPhinit>;
  }
}

if (!window.PH) {
  window.PH = {
    version: WIDGETS_VERSION,
    phinit,
    notify,
    t,
    setLanguage: (language) => {
      const normalized = normalizeLanguage(language);
      $language.set(normalized);
      return normalized;
    },
  };
  window.phinit = createGlobalPhinit(window);
}

import { atom } from 'nanostores';
import { pageSingleton } from '../../shared';
import { $language } from '../translate';
import { importConverter } from './chunk';

// Server text (unit names, `中文|||English` messages, errors, message titles) comes in Simplified Chinese; zh-HK
// shows it in Hong Kong Traditional (issue 56). The converter weighs 40 KB gzip, so it is a chunk of its own
// (`hk`; beside the classic bundle, `ph-widgets.hk.js`), loaded only once the language is zh-HK. Until then the
// text shows as sent.

type Converter = (text: string) => string;

/** The loaded converter, or undefined; it changes once, when the chunk has loaded, so that views re-render. */
export const $hongKong = /* @__PURE__ */ pageSingleton('hong-kong-converter', () =>
  atom<Converter | undefined>(undefined),
);

let loading: Promise<void> | undefined;

/** Loads the converter once (a failed load may be tried again); resolves when toHongKong converts. */
export function loadHongKongConverter(): Promise<void> {
  loading ??= importConverter().then(
    (convert) => $hongKong.set(convert),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** `text` in Hong Kong Traditional forms once the converter has loaded; as it is before. */
export function toHongKong(text: string): string {
  const convert = $hongKong.get();
  return convert && text ? convert(text) : text;
}

/**
 * Starts the load when the page's language is or becomes zh-HK; a failed load leaves the text as sent. Once a page,
 * however many bundles call it.
 */
export function watchHongKong(): void {
  pageSingleton('hong-kong-watch', () =>
    $language.subscribe((language) => {
      if (language === 'zh-HK' && !$hongKong.get()) loadHongKongConverter().catch(() => undefined);
    }),
  );
}

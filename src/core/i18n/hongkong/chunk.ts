// The converter's own chunk, imported when zh-HK needs it. The classic bundle, which cannot hold a lazy chunk,
// replaces this module by one adding `ph-widgets.hk.js` to the page (scripts/standalone-script-plugin.mjs).

/** The zh-HK converter, from its chunk. */
export function importConverter(): Promise<(text: string) => string> {
  return import('./converter').then((module) => module.convertToHongKong);
}

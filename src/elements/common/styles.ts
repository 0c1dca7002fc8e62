import { createContext, useContext, useInsertionEffect } from 'react';
import { resolveCustomMedia, tokensStylesheet } from './css-constants';
import tokensCss from './tokens.css';

// Element styles as constructable stylesheets: each stylesheet is one CSSStyleSheet object per page (per bundle),
// adopted by every shadow root that renders with it (adoptedStyleSheets), never a <style> copy per instance.

/** A stylesheet of ours; its rank (the order modules declared it) fixes the cascade order wherever it is adopted. */
export interface SharedStyles {
  readonly rank: number;
  readonly css: string;
}

let declared = 0;
const sheets = new Map<SharedStyles, CSSStyleSheet>();
const ranks = new WeakMap<CSSStyleSheet, number>();

/** Declares a stylesheet from CSS text (custom media resolved); the CSSStyleSheet is made on first use. */
export function sharedStyles(css: string): SharedStyles {
  declared += 1;
  return { rank: declared, css: resolveCustomMedia(css) };
}

/** Design tokens (DESIGN §10) and the shared control styles: first in every shadow root. */
export const TOKENS: SharedStyles = { rank: 0, css: tokensStylesheet(tokensCss) };

function sheetOf(styles: SharedStyles): CSSStyleSheet {
  let sheet = sheets.get(styles);
  if (!sheet) {
    sheet = new CSSStyleSheet();
    sheet.replaceSync(styles.css);
    sheets.set(styles, sheet);
    ranks.set(sheet, styles.rank);
  }
  return sheet;
}

/**
 * Adopts the stylesheets into a shadow root once each. Ours stay in declaration order (tokens first, a component
 * after the components it renders), after any the page adopted itself.
 */
export function adoptStyles(root: ShadowRoot, wanted: readonly SharedStyles[]): void {
  const current = root.adoptedStyleSheets;
  const added = wanted.map(sheetOf).filter((sheet) => !current.includes(sheet));
  if (added.length === 0) return;
  const foreign = current.filter((sheet) => !ranks.has(sheet));
  const ours = [...current.filter((sheet) => ranks.has(sheet)), ...added].sort(
    (a, b) => (ranks.get(a) ?? 0) - (ranks.get(b) ?? 0),
  );
  root.adoptedStyleSheets = [...foreign, ...ours];
}

/** The shadow root a component renders into: an element's (set by defineElement) or a dialog portal's. */
export const StyleRoot = createContext<ShadowRoot | null>(null);

/** On a server (ph-widgets/server): gathers the stylesheets a render asks for, as no effect runs there. */
export const StyleCollector = createContext<Set<SharedStyles> | null>(null);

/** The CSS text of collected stylesheets, in cascade order (tokens first). */
export function collectedCss(collected: Iterable<SharedStyles>): string {
  return [...collected]
    .sort((a, b) => a.rank - b.rank)
    .map((styles) => styles.css)
    .join('\n');
}

/** Adopts the tokens and these stylesheets into the shadow root the component renders into, before it paints. */
export function useStyles(...wanted: SharedStyles[]): void {
  const root = useContext(StyleRoot);
  const collector = useContext(StyleCollector);
  if (collector) for (const styles of [TOKENS, ...wanted]) collector.add(styles);
  useInsertionEffect(() => {
    if (root) adoptStyles(root, [TOKENS, ...wanted]);
  });
}

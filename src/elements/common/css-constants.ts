import { IPAD_MAX_WIDTH_PX, MOBILE_MAX_WIDTH_PX } from '../../core/routes/paths';
import { DEFAULT_THEME_COLOR } from '../../core/theme/default-color';

// Core's constants in the element stylesheets, so that no CSS file repeats them. Media queries cannot read custom
// properties, so the breakpoints reach CSS as custom media (the `@custom-media` names of Media Queries 5, written
// `@media (--ph-mobile)`), replaced when a stylesheet is built; the primary colour is a token on every host.

/** Custom media names → the media query they stand for, from core's layout breakpoints (§2/§9). */
export const CUSTOM_MEDIA: Readonly<Record<string, string>> = {
  '--ph-mobile': `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`,
  '--ph-ipad': `(${MOBILE_MAX_WIDTH_PX}px < width <= ${IPAD_MAX_WIDTH_PX}px)`,
  '--ph-pc': `(width > ${IPAD_MAX_WIDTH_PX}px)`,
};

/** Tokens whose default is a core constant, declared on the host before tokens.css (which derives from them). */
export const CONSTANT_TOKENS: Readonly<Record<string, { value: string; description: string }>> = {
  '--ph-color-primary': { value: DEFAULT_THEME_COLOR, description: 'Primary colour: the one main action of a view.' },
};

/** `@media (--ph-mobile)` → `@media (max-width: 400px)`; an unknown name is a mistake in our CSS, so it throws. */
export function resolveCustomMedia(css: string): string {
  return css.replace(/@media[^{]+/g, (prelude) =>
    prelude.replace(/\((--[\w-]+)\)/g, (_, name: string) => {
      const query = CUSTOM_MEDIA[name];
      if (!query) throw new Error(`Unknown custom media (${name}) in an element stylesheet`);
      return query;
    }),
  );
}

/** The stylesheet text for the tokens: the constant tokens on :host, then tokens.css, custom media resolved. */
export function tokensStylesheet(tokensCss: string): string {
  const declarations = Object.entries(CONSTANT_TOKENS)
    .map(([name, { value }]) => `${name}:${value}`)
    .join(';');
  return resolveCustomMedia(`:host{${declarations}}${tokensCss}`);
}

import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { DEFAULT_LANGUAGE, normalizeLanguage } from '../core';
import { elementTree, propsFromAttributes } from './common/element-tree';
import { PRERENDER_MARK } from './common/prerender';
import { collectedCss, type SharedStyles, StyleCollector } from './common/styles';
import { EARLY_SUBMIT_SCRIPT } from './ph-login/early-submit';
import { LOGIN_ELEMENT_OPTIONS, LoginElement } from './ph-login/element';

// ph-widgets/server: an element's first render as HTML, for a server to send inside the element (a declarative shadow
// root). The page then shows the element, and takes typing, before any script has run; when the element's script
// loads it hydrates that markup instead of rendering anew (define.ts), keeping what was typed.

/** The elements a server can render. */
export type PrerenderTag = 'ph-login';

/**
 * The declarative shadow root of an element written with these attributes (names as in HTML, values decoded), in a
 * language: `<template shadowrootmode="open">…</template>`, to be sent right after the element's start tag. It is
 * what the element renders first in the browser, in the language given (the browser then switches to the page's).
 * A small inline `<script>` follows the template: it keeps a sign-in pressed before the element's script runs, for
 * the element to carry out (ph-login/early-submit.ts). A page's Content-Security-Policy must allow it (by its hash,
 * as the reference server does for every inline script).
 * Null for `<ph-login>` as a dialog (nothing shows before its script opens it) and with `no-auto-start` (a form the
 * page drives; not rendered on the server since the first version, when a live button could only be made safe by
 * disabling it).
 */
export function prerender(
  tag: PrerenderTag,
  attributes: Readonly<Record<string, string>>,
  language: string = DEFAULT_LANGUAGE,
): string | null {
  if (tag !== 'ph-login') return null;
  const props = propsFromAttributes(LOGIN_ELEMENT_OPTIONS, attributes);
  if (props.mode === 'dialog' || props.noAutoStart) return null;
  // §5: anything but zh-CN, en and zh-HK means zh-CN, as the browser reads a language.
  const rendered = normalizeLanguage(language);
  const collected = new Set<SharedStyles>();
  const markup = renderToString(
    createElement(StyleCollector.Provider, { value: collected }, elementTree(LoginElement, props, rendered)),
  );
  // Our own stylesheets, but a `</style` inside one would end the element early.
  const css = collectedCss(collected).replace(/<\/style/gi, '<\\/style');
  return `<template shadowrootmode="open"><style ${PRERENDER_MARK}="${rendered}">${css}</style>${markup}</template><script>${EARLY_SUBMIT_SCRIPT}</script>`;
}

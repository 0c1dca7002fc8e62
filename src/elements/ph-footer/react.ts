// <PhFooter> for React apps (ph-widgets/react) and the shell: the element's component in a shadow root of its own.
import { createElement } from 'react';
import { inShadowRoot } from '../common/shadow-host';
import { WIDGETS_VERSION } from '../define';
import { PhFooter as Footer, type PhFooterProps } from './PhFooter';

export type { PhFooterProps } from './PhFooter';

/** The page footer of `<ph-footer>` (spec §2, §4): copyright, filings, help center, version and about dialogs. */
export const PhFooter = inShadowRoot('ph-footer', (props: PhFooterProps) =>
  // The About dialog names the library's version, as the element's does (define.ts).
  createElement(Footer, { ...props, widgetsVersion: WIDGETS_VERSION }),
);

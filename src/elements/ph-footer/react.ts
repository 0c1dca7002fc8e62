// <PhFooter> for React apps (ph-widgets/react) and the shell: the element's component in a shadow root of its own.
import { inShadowRoot } from '../common/shadow-host';
import { PhFooter as Footer } from './PhFooter';

export type { PhFooterProps } from './PhFooter';

/** The page footer of `<ph-footer>` (spec §2, §4): copyright, filings, help center, version and about dialogs. */
export const PhFooter = inShadowRoot('ph-footer', Footer);

import { createElement } from 'react';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, type ElementProps, WIDGETS_VERSION } from '../define';
import { installGlobals } from '../global';
import { PhFooter, type PhFooterProps } from './PhFooter';

/** What a page can set on <ph-footer>. */
type FooterElementProps = ElementProps & Pick<PhFooterProps, 'unitId' | 'noVersionCheck'>;

/** <ph-footer>: PhFooter in the element's shadow root. */
function FooterElement({ container: _container, ...props }: FooterElementProps) {
  return createElement(PhFooter, { ...props, widgetsVersion: WIDGETS_VERSION });
}

/**
 * Page footer (spec §2 "Footer", §3 unit login-page config and version info, §4 Initialisation and versions). The
 * unit's copyright, optional link and filing entries come from its login-page config (`decorationSet`, read
 * defensively: a malformed one shows the plain footer and logs one warning); the help-center link carries `redUrl`,
 * `accessToken` and `unitId` (the token only to https or this origin). 版本信息 / Version info / 版本資訊 opens the
 * micro-service's version info and history (notes in the current language); 关于 / About opens the about dialog
 * (650 px). When mounted it runs the §4 version check: a mismatch raises an alert; a missing version endpoint gives
 * the "contact the back-end engineer" note, for developers: in the console, and as a toast only with phinit's
 * `env: 'development'`.
 * Once its unit's content is in, the element carries `data-ph-settled`: a page can keep it unpainted until then, so
 * that it shows once, in place (docs/guide/page-kit.md).
 *
 * @summary Page footer
 * @csspart footer - The footer.
 * @csspart copyright - The copyright text (a link when the unit has one).
 * @csspart filing - Each filing entry.
 * @csspart help - The help-center link.
 * @csspart version - The version-info button.
 * @csspart about - The about button.
 * @csspart version-info - The version facts in the version dialog.
 * @csspart history - The version history table.
 */
export const PhFooterElement = defineElement('ph-footer', FooterElement, {
  props: { unitId: 'string' },
  booleans: ['noVersionCheck'],
});
ensureToastHost();
installGlobals();

declare global {
  interface HTMLElementTagNameMap {
    'ph-footer': HTMLElement & Omit<FooterElementProps, 'container'>;
  }
}

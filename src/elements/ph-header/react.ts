// <PhHeader> for React apps (ph-widgets/react) and the shell: the element's component in a shadow root of its own.
import { inShadowRoot } from '../common/shadow-host';
import { PhHeader as Header } from './PhHeader';

export type { MessageOpenDetail, PhHeaderProps } from './PhHeader';

/**
 * The page header of `<ph-header>` (spec §2, §4), with the element's behaviour; its events are callbacks
 * (`onDesktop`, `onMessageOpen` returning false keep the page; `onLanguageChange`, `onThemeChange`, `onChildChange`,
 * `onRoleChange`). `className` and `style` go to the host `<div>`.
 */
export const PhHeader = inShadowRoot('ph-header', Header);

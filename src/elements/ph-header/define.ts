import { createElement } from 'react';
import { type AppliedTheme, type Child, type Language, themePrimaryColor, themeValue } from '../../core';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, dispatchFrom, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import { type MessageOpenDetail, PhHeader, type PhHeaderProps } from './PhHeader';

/** What a page can set on <ph-header>. */
type HeaderElementProps = ElementProps &
  Pick<PhHeaderProps, 'noLanguage' | 'desktopClient' | 'noRedirect' | 'maxIcons'>;

export type PhHeaderChildChangeDetail = Pick<Child, 'id' | 'realName' | 'gradeName' | 'className'>;
export interface PhHeaderRoleChangeDetail {
  userId: string;
}
export interface PhHeaderLanguageChangeDetail {
  language: Language;
}
export interface PhHeaderThemeChangeDetail {
  theme: string;
  color: string;
  layout: AppliedTheme['layout'];
}
export type PhHeaderMessageOpenDetail = MessageOpenDetail;

/** The events of <ph-header>. */
export interface PhHeaderEventMap {
  /** The desktop button. Cancelable: `preventDefault()` stays on the page (else the landing page opens). */
  'ph-header-desktop': CustomEvent<Record<string, never>>;
  /** The parent entered another child (the platform has been told). */
  'ph-header-child-change': CustomEvent<PhHeaderChildChangeDetail>;
  /** The user switches to a linked account; the page reloads at its first url. */
  'ph-header-role-change': CustomEvent<PhHeaderRoleChangeDetail>;
  /** The language changed: every element of the page has re-rendered in it. */
  'ph-header-language-change': CustomEvent<PhHeaderLanguageChangeDetail>;
  /** A theme was saved and applied to every element of the page. */
  'ph-header-theme-change': CustomEvent<PhHeaderThemeChangeDetail>;
  /**
   * A viewed message or reminder opens its same-site url or the module-expiry list. Cancelable:
   * `preventDefault()` keeps the page where it is.
   */
  'ph-header-message-open': CustomEvent<PhHeaderMessageOpenDetail>;
}

/** <ph-header>: PhHeader in the element's shadow root; what the user does becomes ph-header-* events. */
function HeaderElement({ container, ...props }: HeaderElementProps) {
  const host = hostOf(container);
  return createElement(PhHeader, {
    ...props,
    end: createElement('slot', { name: 'end' }),
    onDesktop: () => dispatchFrom(host, 'ph-header-desktop', {}, { cancelable: true }),
    onChildChange: ({ id, realName, gradeName, className }) =>
      dispatchFrom(host, 'ph-header-child-change', { id, realName, gradeName, className }),
    onRoleChange: (userId) => dispatchFrom(host, 'ph-header-role-change', { userId }),
    onLanguageChange: (language) => dispatchFrom(host, 'ph-header-language-change', { language }),
    onThemeChange: ({ theme, layout }) =>
      dispatchFrom(host, 'ph-header-theme-change', {
        theme: themeValue(theme),
        color: themePrimaryColor(theme),
        layout,
      }),
    onMessageOpen: (detail) => dispatchFrom(host, 'ph-header-message-open', detail, { cancelable: true }),
  });
}

/**
 * Page header (spec §2 "Header", §4 Messages / Parent / Layout and theme, §6, §9). Signed in it shows the unit logo
 * and name (English for en), the welcome text, and up to 10 icons, the rest in a 更多 / More menu (fewer on narrow
 * screens): the message bell 消息 / Messages / 訊息 with the unread count in its name and badge (99+ above 99, a dot
 * when the unit's `pcOpen` is 1), the to-do reminders, the desktop button, the child selector 切换孩子 / Switch child
 * (parents with more than one child; it opens by itself when the remembered child is not the current one), theme
 * and layout (680 px dialog; admins choose cancel / sync to all users / save), full screen, the role switch (linked
 * teacher/parent accounts), the language menu 语言 / Language / 語言 (more than one language, not disabled:
 * switching re-renders every element of the page without a reload) and 退出 / Sign out / 登出 with the confirmation
 * 您确认要退出吗？ (hidden for desktop and work-chat clients); with `phinit({ clientDownloads })` also 下载客户端 /
 * Download the client, a dialog of the desktop client's installers (not inside the client). The unread count is read again on focus and after
 * every mark-read, one request at a time. The message list (400 px) views, ignores and ignores all; a module
 * expiry message opens the expiry table. The reminder panel shows 3 per page and closes by itself after 15 s; it
 * is a strip under the bar at every width, in the page's flow (it covers nothing), that opens into the list.
 * On a module page the header is the page's door (src/core/access): a page the user may not use — its licence ended
 * (「资产管理」已到期，请联系管理员！; '该模块已到期，请联系管理员！' on a page that names no app; the unit's own
 * licence, license/unit_oam: 本单位的平台授权已到期…), a teachers' `_tm`
 * page for a student or parent, or an app that is none of theirs — is blocked by a dialog that cannot be closed,
 * naming the app and the unit whose administrator to ask, and carrying its own 退出 / Sign out button and, on a module
 * page, the way back to the desktop; the bar's `data-access` says `checking`, `open` or `refused`. A message's link to
 * an app passes the same gate: refused, the page stays and says why. Signed out, the page goes to
 * `/login?redirect_uri=…`. Menus open with Enter or arrows, move with arrows and close with Escape.
 * Once it knows whether anyone is signed in (`me` answered), the element carries `data-ph-settled`: it then has the height
 * it keeps, and a page can keep what lies below unpainted until then (docs/guide/page-kit.md).
 *
 * @summary Page header
 * @slot end - At the end of the icon row, inside the header's banner: the page's `<ph-voice>`, for one banner
 * per page and a Tab order that follows the screen.
 * @csspart bar - The header bar.
 * @csspart unit - Unit logo and name.
 * @csspart logo - The unit logo.
 * @csspart welcome - The welcome text.
 * @csspart current-child - For a parent, the current child's name (当前孩子：… / Child: …).
 * @csspart actions - The icon row.
 * @csspart action-messages - The message bell.
 * @csspart action-reminders - The to-do reminders button: opens the reminder panel, or closes it when open.
 * @csspart action-desktop - The desktop button.
 * @csspart action-child - The child selector button.
 * @csspart action-theme - The theme button.
 * @csspart action-fullscreen - The full-screen toggle.
 * @csspart action-role - The role switch menu button.
 * @csspart action-language - The language menu button.
 * @csspart action-download - The download-client button.
 * @csspart action-logout - The sign-out button.
 * @csspart action-more - The overflow menu button.
 * @csspart messages - The message list.
 * @csspart reminders - The reminder panel, at the window's bottom right; Escape closes it. The page keeps room at its
 *   end as tall as the panel, in the `--ph-reminders-space` property on the root element, for a module page to pad its
 *   own end with.
 * @csspart reminders-close - The reminder panel's close icon (keeps it away for the session).
 * @csspart children - The children table.
 * @csspart ignore-all - The ignore-all button of the message list.
 * @csspart expiry-table - The module-expiry table.
 * @csspart licence - The block's text: why this page may not be used (licence ended, a teachers' page, not the
 *   user's app), the app named.
 * @csspart licence-contact - Under it, whom to ask (the unit's system administrator).
 * @csspart licence-desktop - The block's way back to the desktop, on a module page.
 * @csspart licence-logout - The block's sign-out button: the way out of a dialog that cannot be closed.
 * @csspart downloads - The list of client installers in the download dialog.
 */
export const PhHeaderElement = defineElement('ph-header', HeaderElement, {
  props: { maxIcons: 'number' },
  booleans: ['noLanguage', 'desktopClient', 'noRedirect'],
});
ensureToastHost();
installGlobals();

declare global {
  interface GlobalEventHandlersEventMap extends PhHeaderEventMap {}
  interface HTMLElementTagNameMap {
    'ph-header': HTMLElement & Omit<HeaderElementProps, 'container'>;
  }
}

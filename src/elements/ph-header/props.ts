import type { ReactNode } from 'react';
import type { AppliedTheme, Child, Language } from '../../core';

// What <PhHeader> takes, in a file of its own: its hooks and regions name these types, and importing them from the
// component that imports those hooks would be an import circle.

export interface PhHeaderProps {
  /** Hide the language control even when the page offers several languages. */
  noLanguage?: boolean;
  /** The page runs in the desktop client: no logout button. */
  desktopClient?: boolean;
  /** Stay on a signed-out page instead of going to the login page. */
  noRedirect?: boolean;
  /** At most this many icons before the overflow menu (never more than 10; fewer on narrow screens). */
  maxIcons?: number;
  /**
   * At the end of the icon row, inside the header's banner (the element passes its `end` slot): the page's voice
   * button, so that the page keeps one banner and Tab reaches the button right after the header's icons.
   */
  end?: ReactNode;
  /** The desktop button; false stays (else the landing page of §2 opens). */
  // biome-ignore lint/suspicious/noConfusingVoidType: a listener that lets it happen returns nothing
  onDesktop?: () => boolean | void;
  onChildChange?: (child: Child) => void;
  onRoleChange?: (userId: string) => void;
  onLanguageChange?: (language: Language) => void;
  onThemeChange?: (applied: AppliedTheme) => void;
  /** A message or reminder is about to open `url` (or the expiry list); false keeps the page where it is. */
  // biome-ignore lint/suspicious/noConfusingVoidType: a listener that lets it happen returns nothing
  onMessageOpen?: (detail: MessageOpenDetail) => boolean | void;
}

/** What a viewed message opens: a same-site url, or the module-expiry list. */
export interface MessageOpenDetail {
  id: string;
  kind: 'url' | 'expiry-list';
  url?: string;
}

/** The page's callbacks as they are now: read when something happens, not when a closure was made. */
export type LatestProps = { readonly current: PhHeaderProps };

import { redirectRouteApp } from '../../core';
import { PhHeader } from '../../elements/ph-header/react';
import { PhVoice } from '../../elements/ph-voice/react';

export interface HeaderRegionProps {
  /** Where the header's desktop button goes: the shell's own home route. */
  onHome: () => void;
  /** Goes to a route of the shell's hash router (`/redirect/{app}`). */
  onRoute: (path: string) => void;
}

/**
 * The shell's header region: `ph-header` as a React component (unit, welcome, messages, reminders, theme and layout,
 * language, children, roles, sign-out) and beside it the `ph-voice` button (§2 places it in the header area). The
 * desktop button and a voice skill's `/redirect/{app}` stay in the shell's router instead of loading a page.
 */
export function HeaderRegion({ onHome, onRoute }: HeaderRegionProps) {
  return (
    <header className="shell-header">
      <PhHeader
        className="shell-ph-header"
        noRedirect
        onDesktop={() => {
          onHome();
          return false;
        }}
      />
      <PhVoice
        className="shell-voice"
        onResult={({ url }) => {
          if (redirectRouteApp(url) === null) return;
          onRoute(url);
          return false;
        }}
      />
    </header>
  );
}

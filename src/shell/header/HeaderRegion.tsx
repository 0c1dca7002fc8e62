import { pageSite, redirectRouteApp, sitePath } from '../../core';
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
 * language, children, roles, sign-out) with the `ph-voice` button at the end of its icon row (§2 places it in the
 * header area): inside the header's one banner, reached by Tab right after the header's icons. The desktop button
 * and a voice skill's `/redirect/{app}` stay in the shell's router instead of loading a page.
 */
export function HeaderRegion({ onHome, onRoute }: HeaderRegionProps) {
  return (
    <PhHeader
      className="shell-header"
      noRedirect
      onDesktop={() => {
        onHome();
        return false;
      }}
      end={
        <PhVoice
          onResult={({ url }) => {
            // The skill's URL comes absolute on this site (issue 53): the router takes its path below the prefix.
            const path = sitePath(pageSite(), url);
            if (path === null || redirectRouteApp(path) === null) return;
            onRoute(path);
            return false;
          }}
        />
      }
    />
  );
}

// Header icons, inline SVG strokes on a 16 px grid. Decorative: each button carries its accessible name.

const icon = (d: string) => () => (
  <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false">
    <path d={d} fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round" />
  </svg>
);

export const BellIcon = icon('M4 11V7a4 4 0 018 0v4l1.5 1.5h-11zM6.5 14h3');
export const DesktopIcon = icon('M2 3h12v8H2zM6 14h4M8 11v3');
export const ChildIcon = icon('M8 6.5a2.2 2.2 0 100-4.4 2.2 2.2 0 000 4.4zM3.5 14a4.5 4.5 0 019 0');
export const ThemeIcon = icon('M8 2a6 6 0 100 12c1 0 1.2-.8.8-1.5-.5-.9 0-1.8 1-1.8H12a2 2 0 002-2A6 6 0 008 2z');
export const LogoutIcon = icon('M6 2H3v12h3M10.5 5L13.5 8l-3 3M13.5 8H6');
export const FullscreenIcon = icon('M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4');
export const RoleIcon = icon('M3 5h9l-2.5-2.5M13 11H4l2.5 2.5');
export const LanguageIcon = icon('M8 14A6 6 0 108 2a6 6 0 000 12zM2 8h12M8 2c-2 2-2 10 0 12M8 2c2 2 2 10 0 12');
/** Three filled dots: as 1.4 px strokes they were specks too faint to see on the bar. */
export const MoreIcon = () => (
  <svg width="18" height="18" viewBox="0 0 16 16" aria-hidden="true" focusable="false" fill="currentColor">
    <circle cx="3" cy="8" r="1.5" />
    <circle cx="8" cy="8" r="1.5" />
    <circle cx="13" cy="8" r="1.5" />
  </svg>
);
export const TodoIcon = icon('M3 3h10v10H3zM5.5 8l1.8 1.8L10.5 6');
export const DownloadIcon = icon('M8 2v8M4.5 6.5L8 10l3.5-3.5M3 13.5h10');

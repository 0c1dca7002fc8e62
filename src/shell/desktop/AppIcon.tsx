import type { DragEvent, KeyboardEvent } from 'react';
import { type AppItem, appIcon, appName, badgeText, type Language, type LicenceMark, type Theme } from '../../core';

export interface AppIconProps {
  app: AppItem;
  language: Language;
  theme: Theme;
  /** Short names where space is short (mobile). */
  short: boolean;
  unreadLabel: (count: number) => string;
  /** What opening it will meet: an ended or missing licence (greyed), or one ending soon (a quiet tag). */
  mark?: LicenceMark | null;
  markLabel: (mark: LicenceMark) => string;
  onOpen: (app: AppItem) => void;
  /** Present when the user may arrange icons: Alt+←/→ moves by one. */
  onMove?: (app: AppItem, delta: number) => void;
  onDragStart?: (app: AppItem) => void;
  onDrop?: (app: AppItem) => void;
  describedBy?: string;
  /** On the first screen: its picture is asked for at once and first, not when layout finds it near the window. */
  eager?: boolean;
}

/** One app: a button named by the app's name in the current language, its picture and its unread badge. */
export function AppIcon(props: AppIconProps) {
  const { app, language, onMove, mark } = props;
  const name = appName(app, language, props.short);
  const count = Number(app.unReadCodeCount) || 0;
  const onKeyDown = (event: KeyboardEvent) => {
    if (!onMove || !event.altKey) return;
    const delta = event.key === 'ArrowLeft' ? -1 : event.key === 'ArrowRight' ? 1 : 0;
    if (delta === 0) return;
    event.preventDefault();
    onMove(app, delta);
  };
  const drag = onMove
    ? {
        draggable: true,
        onDragStart: (event: DragEvent) => {
          event.dataTransfer.setData('text/plain', app.code);
          event.dataTransfer.effectAllowed = 'move';
          props.onDragStart?.(app);
        },
        onDragOver: (event: DragEvent) => event.preventDefault(),
        onDrop: (event: DragEvent) => {
          event.preventDefault();
          props.onDrop?.(app);
        },
      }
    : {};
  return (
    <li className="app-icon" data-app={app.code} data-licence={mark?.kind} {...drag}>
      <button
        type="button"
        aria-describedby={onMove ? props.describedBy : undefined}
        title={appName(app, language)}
        onClick={() => props.onOpen(app)}
        onKeyDown={onKeyDown}
      >
        <img
          src={appIcon(app, props.theme)}
          alt=""
          width={48}
          height={48}
          loading={props.eager ? 'eager' : 'lazy'}
          fetchPriority={props.eager ? 'high' : undefined}
          decoding="async"
          draggable={false}
        />
        {/* The name comes from the content, so the visible name starts it (WCAG 2.5.3); the count is read, the
            badge (99+) is only seen. Chromium reads the hidden span as a block of its own: a space, no comma. */}
        <span className="app-name">
          {name}
          {count > 0 ? <span className="visually-hidden">{props.unreadLabel(count)}</span> : null}
          {mark ? <span className="visually-hidden">{props.markLabel(mark)}</span> : null}
        </span>
        {/* A line under the name (issue 69: over the picture's corner it covered the picture); it comes with the icon. */}
        {mark ? (
          <span className="app-mark" aria-hidden="true">
            {props.markLabel(mark)}
          </span>
        ) : null}
        {count > 0 ? (
          <span className="app-badge" aria-hidden="true">
            {badgeText(count)}
          </span>
        ) : null}
      </button>
    </li>
  );
}

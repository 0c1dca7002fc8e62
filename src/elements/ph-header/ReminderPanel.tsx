import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import {
  $hongKong,
  $language,
  $translate,
  badgeText,
  type ReminderPanel as Panel,
  type ReminderPanelState,
  splitBilingual,
} from '../../core';
import { CloseIcon } from '../common/icons';
import { useReminderSpace } from './reminder-space';

/**
 * §2 to-do reminder panel: at the right side, 3 per page with previous/next; it closes by itself after 15 s (the
 * countdown waits while the pointer or focus is inside), on Escape, or by the to-do button, and its close icon keeps
 * it away for the session. It floats at the window's bottom right, over nothing a user needs: the page keeps room at
 * its end as tall as the panel (reminder-space.ts), so whatever lies under it scrolls clear. As a strip in the page's
 * flow (issue 35) it pushed the page down by itself and folded its reminders to one line (issue 56).
 */
export function ReminderPanel(props: { panel: Panel; onOpen: (id: string, url: string) => void }) {
  const { panel } = props;
  const translate = useStore($translate);
  const state = useStore(panel.$state);
  const box = useRef<HTMLElement>(null);
  useReminderSpace(box, state.open);
  useEffect(() => {
    if (!state.open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented && !fromDialog(event)) panel.close();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [panel, state.open]);
  if (!state.open) return null;
  const count = badgeText(state.total);
  return (
    <section
      ref={box}
      className="reminders"
      part="reminders"
      aria-label={translate('header.reminders')}
      onPointerEnter={() => panel.hold()}
      onPointerLeave={() => panel.release()}
      onFocus={() => panel.hold()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) panel.release();
      }}
    >
      <header className="reminders-head">
        <h2 className="reminders-title">
          {count ? translate('header.remindersCount', { count }) : translate('header.reminders')}
        </h2>
        <button
          type="button"
          className="ph-icon-button"
          part="reminders-close"
          aria-label={translate('header.close')}
          onClick={() => panel.close(true)}
        >
          <CloseIcon />
        </button>
      </header>
      <ReminderList panel={panel} state={state} onOpen={props.onOpen} />
    </section>
  );
}

/** Escape meant for a dialog (it closes the dialog) is not for the panel under its backdrop. */
function fromDialog(event: KeyboardEvent): boolean {
  return event
    .composedPath()
    .some(
      (node) => node instanceof Element && (node.getAttribute('role') === 'dialog' || node.hasAttribute('aria-modal')),
    );
}

interface ReminderListProps {
  panel: Panel;
  state: ReminderPanelState;
  onOpen: (id: string, url: string) => void;
}

function ReminderList({ panel, state, onOpen }: ReminderListProps) {
  const translate = useStore($translate);
  const language = useStore($language);
  // Server text re-renders in Hong Kong forms once zh-HK's converter has loaded.
  useStore($hongKong);
  // Asked for with nothing to do, the panel says so (issue 69): an empty panel must not read as a dead button.
  if (state.total === 0) return <p className="empty">{translate('header.noReminders')}</p>;
  return (
    <div>
      <ul className="reminder-list">
        {state.list.map((item) => (
          <li key={item.id}>
            <button type="button" className="reminder" onClick={() => onOpen(item.id, item.url)}>
              {splitBilingual(item.messageMeno, language)}
            </button>
            <span className="message-meta">{item.messageDate}</span>
          </li>
        ))}
      </ul>
      <footer className="reminders-pager">
        <button type="button" className="ph-button" disabled={state.page <= 1} onClick={() => void panel.previous()}>
          {translate('header.previous')}
        </button>
        <span aria-live="polite">{translate('header.page', { page: state.page, pages: state.pages })}</span>
        <button
          type="button"
          className="ph-button"
          disabled={state.page >= state.pages}
          onClick={() => void panel.next()}
        >
          {translate('header.next')}
        </button>
      </footer>
    </div>
  );
}

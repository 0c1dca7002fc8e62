import { useStore } from '@nanostores/react';
import { $language, $translate, type ReminderPanel as Panel, splitBilingual } from '../../core';
import { CloseIcon } from '../common/icons';

/**
 * §2 to-do reminder panel on the right: 3 per page with previous/next; it closes by itself after 15 s (the
 * countdown waits while the pointer or focus is inside) and its close icon keeps it away for the session.
 */
export function ReminderPanel({ panel, onOpen }: { panel: Panel; onOpen: (id: string, url: string) => void }) {
  const translate = useStore($translate);
  const language = useStore($language);
  const state = useStore(panel.$state);
  if (!state.open) return null;
  return (
    <section
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
        <h2>{translate('header.reminders')}</h2>
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
    </section>
  );
}

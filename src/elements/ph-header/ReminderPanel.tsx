import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
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

/**
 * §2 to-do reminder panel: 3 per page with previous/next; it closes by itself after 15 s (the countdown waits while
 * the pointer or focus is inside) and its close icon keeps it away for the session. At every width it is a strip
 * under the header bar, in the page's flow, that opens into the list: floating over the page, it lay over app icons
 * at the widths between a phone and a wide window (issue 35), and a click meant for an icon landed on it. Opened by
 * the to-do button it shows its list at once; opened by itself it shows its one line.
 */
export function ReminderPanel(props: {
  panel: Panel;
  /** The user asked for it (the to-do button): the list shows at once. */
  asked: boolean;
  onOpen: (id: string, url: string) => void;
}) {
  const { panel } = props;
  const translate = useStore($translate);
  const state = useStore(panel.$state);
  const [expanded, setExpanded] = useState(props.asked);
  const listId = useId();
  if (!state.open) return null;
  const count = badgeText(state.total);
  const title = count ? translate('header.remindersCount', { count }) : translate('header.reminders');
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
        <button
          type="button"
          className="reminders-toggle"
          part="reminders-toggle"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded(!expanded)}
        >
          {title}
          <span className="chevron" aria-hidden="true">
            {expanded ? '▴' : '▾'}
          </span>
        </button>
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
      {expanded ? <ReminderList id={listId} panel={panel} state={state} onOpen={props.onOpen} /> : null}
    </section>
  );
}

interface ReminderListProps {
  id: string;
  panel: Panel;
  state: ReminderPanelState;
  onOpen: (id: string, url: string) => void;
}

function ReminderList({ id, panel, state, onOpen }: ReminderListProps) {
  const translate = useStore($translate);
  const language = useStore($language);
  // Server text re-renders in Hong Kong forms once zh-HK's converter has loaded.
  useStore($hongKong);
  return (
    <div id={id}>
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

import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import {
  $language,
  $translate,
  badgeText,
  type ReminderPanel as Panel,
  type ReminderPanelState,
  splitBilingual,
} from '../../core';
import { CloseIcon } from '../common/icons';
import { useFooterClearance } from './dock';

/** Space kept between the docked panel and the footer (or the window's bottom edge). */
const DOCK_GAP_PX = 16;

/**
 * §2 to-do reminder panel: 3 per page with previous/next; it closes by itself after 15 s (the countdown waits while
 * the pointer or focus is inside) and its close icon keeps it away for the session. On wider screens it floats on
 * the right, docked above the page's footer so that it never covers the footer's links; on a phone it is a strip
 * under the header bar, in the page's flow (covering nothing), that opens into the list (issue 25).
 */
export function ReminderPanel(props: { panel: Panel; narrow: boolean; onOpen: (id: string, url: string) => void }) {
  const { panel, narrow } = props;
  const translate = useStore($translate);
  const state = useStore(panel.$state);
  const clearance = useFooterClearance(state.open && !narrow);
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  if (!state.open) return null;
  const shown = !narrow || expanded;
  const count = badgeText(state.total);
  const title = count ? translate('header.remindersCount', { count }) : translate('header.reminders');
  const docked = narrow ? undefined : { bottom: `${DOCK_GAP_PX + clearance}px` };
  return (
    <section
      className={narrow ? 'reminders strip' : 'reminders'}
      part="reminders"
      aria-label={translate('header.reminders')}
      style={docked}
      onPointerEnter={() => panel.hold()}
      onPointerLeave={() => panel.release()}
      onFocus={() => panel.hold()}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) panel.release();
      }}
    >
      <header className="reminders-head">
        {narrow ? (
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
        ) : (
          <h2>{translate('header.reminders')}</h2>
        )}
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
      {shown ? <ReminderList id={listId} panel={panel} state={state} onOpen={props.onOpen} /> : null}
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

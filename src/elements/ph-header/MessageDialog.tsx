import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import {
  $hongKong,
  $language,
  $translate,
  type ExpiryModule,
  type Inbox,
  importanceColor,
  importanceLevel,
  type Message,
  type MessageAction,
  moduleName,
  sortExpiryModules,
  splitBilingual,
} from '../../core';
import { PhModal } from '../ph-modal/PhModal';

export const MESSAGE_DIALOG_WIDTH = '400px';

export interface MessageDialogProps {
  open: boolean;
  inbox: Inbox;
  onClose: () => void;
  /** A message was viewed (marked read): what it opens. */
  onViewed: (id: string, action: MessageAction) => void;
}

/** §2 message list: unread messages by importance; view (mark read, then open), ignore, ignore all. */
export function MessageDialog({ open, inbox, onClose, onViewed }: MessageDialogProps) {
  const translate = useStore($translate);
  const messages = useStore(inbox.$messages);
  const loading = useStore(inbox.$loading);
  const busy = useStore(inbox.$busy);

  useEffect(() => {
    if (open) void inbox.load();
  }, [open, inbox]);

  const list = messages ?? [];
  return (
    <PhModal
      platformDialog
      inline
      open={open}
      heading={translate('header.messageList')}
      width={MESSAGE_DIALOG_WIDTH}
      onRequestClose={onClose}
      footer={
        <button
          type="button"
          className="ph-button"
          part="ignore-all"
          disabled={list.length === 0 || busy !== null}
          onClick={() => void inbox.ignoreAll()}
        >
          {translate('header.ignoreAll')}
        </button>
      }
    >
      {messages === null ? (
        // Before the list has come it is loading, not empty (issue 69); a failed read says so, with a retry.
        <p className="empty" role="status">
          {loading ? translate('header.loadingMessages') : translate('header.messagesFailed')}
          {loading ? null : (
            <button type="button" className="ph-button retry" onClick={() => void inbox.load()}>
              {translate('element.loadRetry')}
            </button>
          )}
        </p>
      ) : list.length === 0 ? (
        <p className="empty">{translate('header.noMessages')}</p>
      ) : (
        <ul className="messages" part="messages">
          {list.map((message) => (
            <MessageItem key={message.id} message={message} inbox={inbox} busy={busy !== null} onViewed={onViewed} />
          ))}
        </ul>
      )}
    </PhModal>
  );
}

interface MessageItemProps {
  message: Message;
  inbox: Inbox;
  /** A mark-read is under way: the buttons wait. */
  busy: boolean;
  onViewed: MessageDialogProps['onViewed'];
}

/** One unread message in its importance's colour, with view and ignore. */
function MessageItem({ message, inbox, busy, onViewed }: MessageItemProps) {
  const translate = useStore($translate);
  const language = useStore($language);
  // Server text re-renders in Hong Kong forms once zh-HK's converter has loaded.
  useStore($hongKong);
  const level = importanceLevel(message.importance);
  const text = splitBilingual(message.messageMeno, language);
  return (
    <li className="message" style={{ borderInlineStartColor: importanceColor(level) }}>
      <p className="message-text" style={{ color: importanceColor(level) }}>
        {text}
      </p>
      <p className="message-meta">
        {splitBilingual(message.module, language)} · {message.messageDate}
      </p>
      <div className="message-actions">
        <button
          type="button"
          className="ph-button primary"
          disabled={busy}
          aria-label={`${translate('header.view')}: ${text}`}
          onClick={async () => {
            const action = await inbox.view(message.id);
            if (action) onViewed(message.id, action);
          }}
        >
          {translate('header.view')}
        </button>
        <button
          type="button"
          className="ph-button"
          disabled={busy}
          aria-label={`${translate('header.ignore')}: ${text}`}
          onClick={() => void inbox.ignore(message.id)}
        >
          {translate('header.ignore')}
        </button>
      </div>
    </li>
  );
}

/** §4: the module-expiry table of an openWay 1 message, expired first (status 3, 2, 1). */
export function ExpiryDialog({ modules, onClose }: { modules: ExpiryModule[] | null; onClose: () => void }) {
  const translate = useStore($translate);
  const language = useStore($language);
  // Server text re-renders in Hong Kong forms once zh-HK's converter has loaded.
  useStore($hongKong);
  const rows = sortExpiryModules(modules ?? []);
  return (
    <PhModal
      platformDialog
      inline
      open={modules !== null}
      heading={translate('header.expiryTitle')}
      width="560px"
      onRequestClose={onClose}
    >
      {/* A school licenses many modules: the table scrolls in a region of its own that the keyboard can reach. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to scroll by keyboard (WCAG 2.1.1, axe scrollable-region-focusable) */}
      <section className="expiry-scroll" tabIndex={0} aria-label={translate('header.expiryTitle')}>
        <table className="table" part="expiry-table">
          <thead>
            <tr>
              <th scope="col">{translate('header.moduleName')}</th>
              <th scope="col">{translate('header.expiryTime')}</th>
              <th scope="col">{translate('header.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.code} data-status={row.status}>
                <td>{moduleName(row, language)}</td>
                <td>{row.endTime}</td>
                <td className={`status status-${row.status}`}>{translate(`header.status${row.status}`)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </PhModal>
  );
}

import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import { $notices, $translate, dismiss, NOTICE_GAP, type NoticeKind } from '../../core';
import { CloseIcon, ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons';
import { sharedStyles, useStyles } from './styles';
import styles from './toasts.css';

const TOAST_STYLES = sharedStyles(styles);

const ICONS: Record<NoticeKind, () => ReactElement> = {
  success: SuccessIcon,
  warning: WarningIcon,
  error: ErrorIcon,
  info: InfoIcon,
};

/** The stacked notification toasts of §8/§9. Messages render as text, never as HTML. */
export function Toasts() {
  const notices = useStore($notices);
  const translate = useStore($translate);
  useStyles(TOAST_STYLES);
  return (
    <section className="toasts" aria-label={translate('notice.region')} style={{ gap: `${NOTICE_GAP}px` }}>
      {notices.map((notice) => {
        const Icon = ICONS[notice.kind];
        const urgent = notice.kind === 'error' || notice.kind === 'warning';
        return (
          <div
            key={notice.id}
            part={`toast toast-${notice.kind}`}
            className={`toast ${notice.kind}`}
            role={urgent ? 'alert' : 'status'}
          >
            <span className="icon">
              <Icon />
            </span>
            <span className="message">{notice.message}</span>
            <button
              type="button"
              className="ph-icon-button"
              aria-label={translate('notice.close')}
              onClick={() => dismiss(notice.id)}
            >
              <CloseIcon />
            </button>
          </div>
        );
      })}
    </section>
  );
}

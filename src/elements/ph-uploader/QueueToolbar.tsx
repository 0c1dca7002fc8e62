import { type QueueAction, queueActions, type Translate, type UploadSnapshot } from '../../core';

const QUEUE_ORDER: QueueAction[] = ['startAll', 'pauseAll', 'resumeAll', 'retryAll', 'abortAll', 'clearFinished'];

export interface QueueToolbarProps {
  translate: Translate;
  /** How many files the list holds. */
  count: number;
  /** Every upload's state: how many are done, and which whole-list actions apply. */
  states: readonly UploadSnapshot[];
  onAction: (action: QueueAction) => void;
}

/** Above the list: how many files and how many done, and the actions on all of them that apply now. */
export function QueueToolbar({ translate, count, states, onAction }: QueueToolbarProps) {
  const available = queueActions(states);
  const done = states.filter((state) => state.status === 'success').length;
  return (
    <div className="toolbar" part="toolbar">
      <span className="summary">
        {translate(count === 1 ? 'uploader.summaryOne' : 'uploader.summary', {
          count,
          done,
        })}
      </span>
      {QUEUE_ORDER.filter((action) => available.includes(action)).map((action) => (
        <button
          key={action}
          type="button"
          part="queue-action"
          data-action={action}
          className="ph-button"
          onClick={() => onAction(action)}
        >
          {translate(`uploader.queue.${action}`)}
        </button>
      ))}
    </div>
  );
}

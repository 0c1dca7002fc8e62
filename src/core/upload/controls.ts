import type { UploadSnapshot, UploadStatus } from './runner';

// What a person may do with the uploads in the state they are in: the buttons of each file and of the whole list.
// Decided here, so that the element only shows what this allows.

export type UploadAction = 'start' | 'pause' | 'resume' | 'retry' | 'abort' | 'remove';

type ActionState = Pick<UploadSnapshot, 'status' | 'error'>;

const ENDED: ReadonlySet<UploadStatus> = new Set(['success', 'error', 'aborted']);

/** The actions of one upload, in the order they are shown. A file refused before sending can only be removed. */
export function uploadActions(state: ActionState): UploadAction[] {
  switch (state.status) {
    case 'idle':
      return ['start', 'remove'];
    case 'queued':
    case 'hashing':
    case 'uploading':
      return ['pause', 'abort'];
    case 'paused':
      return ['resume', 'abort'];
    case 'error':
      return state.error?.type === 'validation' ? ['remove'] : ['retry', 'remove'];
    default:
      return ['remove'];
  }
}

/** What a paused upload still has to do: the merge alone once every byte is stored, else the bytes not yet sent. */
export type PausedRemainder = { kind: 'merge' } | { kind: 'bytes'; left: number };

/** A pause at 100 % is not "done": what is left is said (issue 56). */
export function pausedRemainder(state: Pick<UploadSnapshot, 'size' | 'uploadedBytes'>): PausedRemainder {
  const left = Math.max(0, state.size - state.uploadedBytes);
  return left === 0 ? { kind: 'merge' } : { kind: 'bytes', left };
}

export type QueueAction = 'startAll' | 'pauseAll' | 'resumeAll' | 'retryAll' | 'abortAll' | 'clearFinished';

const PER_FILE: Record<Exclude<QueueAction, 'clearFinished'>, UploadAction> = {
  startAll: 'start',
  pauseAll: 'pause',
  resumeAll: 'resume',
  retryAll: 'retry',
  abortAll: 'abort',
};

/** Finished: nothing is left to do with it but take it off the list (done, cancelled, or refused). */
export function isFinished(state: ActionState): boolean {
  const actions = uploadActions(state);
  return actions.length === 1 && actions[0] === 'remove';
}

/** The actions for the whole list: each applies when at least one upload allows it. */
export function queueActions(states: readonly ActionState[]): QueueAction[] {
  const actions = (Object.keys(PER_FILE) as (keyof typeof PER_FILE)[]).filter((action) =>
    states.some((state) => uploadActions(state).includes(PER_FILE[action])),
  );
  return states.some(isFinished) ? [...actions, 'clearFinished'] : actions;
}

/** Every upload of a non-empty list has ended (in success, error or abort): the moment to report the whole list. */
export function allEnded(states: readonly Pick<UploadSnapshot, 'status'>[]): boolean {
  return states.length > 0 && states.every((state) => ENDED.has(state.status));
}

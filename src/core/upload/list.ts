import type { Language } from '../i18n/language';
import type { UploadItem } from './item';
import type { UploadSnapshot } from './runner';
import type { StoredUploadState } from './store';

// How the upload list stays short (issue 35: 50 small files made a list 6,677 px tall): files go in in natural
// order (doc2 before doc10), and in a long list the finished files fold into one line, as do the waiting ones past
// the first few. Pure rules; the element draws them.

/** A list longer than this folds. */
export const FOLD_LONGER_THAN = 5;
/** Waiting files shown before the rest fold into "n more waiting". */
export const WAITING_SHOWN = 3;

/** Files in the order a person reads their names: numbers by value, case and accents aside, folders first by path. */
export function naturalOrder<T extends Pick<UploadItem, 'fileName' | 'webkitRelativePath'>>(
  items: readonly T[],
  language: Language,
): T[] {
  const collator = new Intl.Collator(language, { numeric: true, sensitivity: 'base' });
  const path = (item: T) => item.webkitRelativePath || item.fileName;
  return [...items].sort((a, b) => collator.compare(path(a), path(b)));
}

export interface ListRow {
  uid: string;
  state: Pick<UploadSnapshot, 'status'>;
}

export interface ListView {
  /** The rows shown, in list order. */
  shown: string[];
  /** Uploaded files folded into one line. */
  finished: number;
  /** Waiting files folded into one line. */
  waiting: number;
}

const isWaiting = (row: ListRow) => row.state.status === 'idle' || row.state.status === 'queued';

/**
 * The rows to show: all of a short list, or of one opened in full; otherwise every file still needing a look
 * (running, paused, failed, cancelled) and the first waiting ones, the uploaded and the other waiting ones counted.
 */
export function listView(rows: readonly ListRow[], expanded: boolean): ListView {
  if (expanded || rows.length <= FOLD_LONGER_THAN)
    return { shown: rows.map((row) => row.uid), finished: 0, waiting: 0 };
  const view: ListView = { shown: [], finished: 0, waiting: 0 };
  let waitingShown = 0;
  for (const row of rows) {
    if (row.state.status === 'success') view.finished += 1;
    else if (isWaiting(row) && waitingShown >= WAITING_SHOWN) view.waiting += 1;
    else {
      if (isWaiting(row)) waitingShown += 1;
      view.shown.push(row.uid);
    }
  }
  return view;
}

/** An upload kept from an earlier visit that the list does not hold: what the person can pick up again. */
export interface UnfinishedUpload {
  fingerprint: string;
  fileName: string;
  /** Whole per cent the server confirmed. */
  percent: number;
}

/** A kept state's file name; states kept before names were read it from their fingerprint (path, size, …). */
function keptName(state: StoredUploadState): string {
  if (state.fileName) return state.fileName;
  try {
    const parts: unknown = JSON.parse(state.fingerprint);
    return Array.isArray(parts) && typeof parts[1] === 'string' ? parts[1] : '';
  } catch {
    return '';
  }
}

/** The kept uploads not in the list (`listed`: its fingerprints), the latest first. */
export function unfinishedUploads(kept: readonly StoredUploadState[], listed: ReadonlySet<string>): UnfinishedUpload[] {
  return kept
    .filter((state) => !listed.has(state.fingerprint) && keptName(state) !== '')
    .sort((a, b) => b.updatedAt - a.updatedAt)
    .map((state) => ({
      fingerprint: state.fingerprint,
      fileName: keptName(state),
      percent: state.size > 0 ? Math.floor(((state.uploadedBytes ?? 0) / state.size) * 100) : 0,
    }));
}

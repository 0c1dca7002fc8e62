import { isFinished } from './controls';
import type { UploadItem } from './item';
import type { UploadSnapshot } from './runner';

// Choosing files that are already in the list (issue 35: a cancelled file chosen again stood twice in the list).

/** A row of the list as this rule reads it. */
export interface ListedUpload {
  uid: string;
  item: Pick<UploadItem, 'fileName' | 'size' | 'lastModified' | 'webkitRelativePath'>;
  state: Pick<UploadSnapshot, 'status' | 'error'>;
}

export interface ChoicePlan {
  /** The chosen files that become rows. */
  add: UploadItem[];
  /** Rows of the same files that make way for them: finished ones (done, cancelled, refused or failed). */
  replace: string[];
}

/** One file, as far as a browser can tell: its path (or name), size and modification time. */
const identity = (item: ListedUpload['item']) =>
  `${item.webkitRelativePath || item.fileName}\u0000${item.size}\u0000${item.lastModified}`;

/**
 * What a new choice does to the list: a file already there and still in hand (waiting, running, paused, or failed
 * with a retry) is not added again; a finished row of the same file makes way for the new one; a file chosen twice
 * in one choice counts once.
 */
export function planChoice(listed: readonly ListedUpload[], chosen: readonly UploadItem[]): ChoicePlan {
  const rows = new Map(listed.map((row) => [identity(row.item), row]));
  const seen = new Set<string>();
  const plan: ChoicePlan = { add: [], replace: [] };
  for (const item of chosen) {
    const key = identity(item);
    if (seen.has(key)) continue;
    seen.add(key);
    const row = rows.get(key);
    if (row && !isFinished(row.state)) continue;
    if (row) plan.replace.push(row.uid);
    plan.add.push(item);
  }
  return plan;
}

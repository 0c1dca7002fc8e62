// What a drop carries, taken while the drop event runs: the DataTransferItemList is emptied once the event's task
// ends, so the entries (files, and folders as FileSystemEntry trees) must be taken synchronously, before any await.
// Walking the folders (directory.ts) can come later. No imports: an element takes drops before its engine loads.

// The File and Directories Entries API, as much of it as a drop needs (typed here: not every DOM lib has it).
export interface EntryLike {
  isFile: boolean;
  isDirectory: boolean;
  name: string;
  fullPath: string;
}
export interface FileEntryLike extends EntryLike {
  file(success: (file: File) => void, failure?: (error: unknown) => void): void;
}
export interface DirectoryEntryLike extends EntryLike {
  createReader(): { readEntries(success: (entries: EntryLike[]) => void, failure?: (error: unknown) => void): void };
}
export interface DroppedItemLike {
  kind: string;
  getAsFile(): File | null;
  webkitGetAsEntry?(): EntryLike | null;
}

/** One dropped thing: its entry (a folder, or a file) where the browser gives one, and its File. */
export interface DroppedEntry {
  entry: EntryLike | null;
  file: File | null;
}

/** The dropped files and folders, taken now (call it in the drop handler itself). */
export function takeDropped(items: ArrayLike<DroppedItemLike>): DroppedEntry[] {
  return Array.from(items)
    .filter((item) => item.kind === 'file')
    .map((item) => ({ entry: item.webkitGetAsEntry?.() ?? null, file: item.getAsFile() }));
}

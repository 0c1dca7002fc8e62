import { buildTree, type TreeNode } from '../util/tree';
import type { DirectoryEntryLike, DroppedEntry, DroppedItemLike, EntryLike, FileEntryLike } from './dropped';
import { takeDropped } from './dropped';
import { toUploadItem, type UploadItem } from './item';

// §3 directory picking: each file's webkitRelativePath yields the `directorys` list (every folder and file once,
// linked by parentId) and the `dirTree` built from it by core's tree helper. Folders dropped onto a page arrive
// as FileSystemEntry trees instead; filesFromDataTransfer walks them into the same items.

export interface DirectoryEntry {
  /** A folder's path, or the file's uid. */
  id: string;
  fileName: string;
  type: 'file' | 'directory';
  /** The containing folder's path; null at the top. */
  parentId: string | null;
  /** The upload of a file entry. */
  uid?: string;
}

export function directoryEntries(
  items: readonly Pick<UploadItem, 'fileName' | 'uid' | 'webkitRelativePath'>[],
): DirectoryEntry[] {
  const entries: DirectoryEntry[] = [];
  const folders = new Set<string>();
  for (const item of items) {
    const parts = (item.webkitRelativePath || item.fileName).split('/').filter((part) => part !== '');
    let parent: string | null = null;
    for (const folder of parts.slice(0, -1)) {
      const path: string = parent === null ? folder : `${parent}/${folder}`;
      if (!folders.has(path)) {
        folders.add(path);
        entries.push({ id: path, fileName: folder, type: 'directory', parentId: parent });
      }
      parent = path;
    }
    entries.push({
      id: item.uid,
      fileName: parts.at(-1) ?? item.fileName,
      type: 'file',
      parentId: parent,
      uid: item.uid,
    });
  }
  return entries;
}

export interface DirectoryListing {
  directorys: DirectoryEntry[];
  dirTree: TreeNode<DirectoryEntry>[];
}

export function describeDirectory(
  items: readonly Pick<UploadItem, 'fileName' | 'uid' | 'webkitRelativePath'>[],
): DirectoryListing {
  const directorys = directoryEntries(items);
  return { directorys, dirTree: buildTree(directorys) };
}

async function walk(entry: EntryLike, into: UploadItem[]): Promise<void> {
  if (entry.isFile) {
    const file = await new Promise<File>((resolve, reject) => (entry as FileEntryLike).file(resolve, reject));
    into.push(toUploadItem(file, entry.fullPath.replace(/^\/+/, '')));
    return;
  }
  if (!entry.isDirectory) return;
  const reader = (entry as DirectoryEntryLike).createReader();
  // readEntries answers in batches (100 in Chromium) until an empty one.
  for (;;) {
    const batch = await new Promise<EntryLike[]>((resolve, reject) => reader.readEntries(resolve, reject));
    if (batch.length === 0) return;
    for (const child of batch) await walk(child, into);
  }
}

/** Upload items of what was dropped and taken (takeDropped): files as they are, folders walked with their paths. */
export async function filesFromDropped(taken: readonly DroppedEntry[]): Promise<UploadItem[]> {
  const found: UploadItem[] = [];
  for (const { entry, file } of taken) {
    if (entry?.isDirectory) await walk(entry, found);
    else if (file) found.push(toUploadItem(file));
  }
  return found;
}

/** Upload items of a drop: call it in the drop handler itself (the list empties once the event's task ends). */
export function filesFromDataTransfer(items: ArrayLike<DroppedItemLike>): Promise<UploadItem[]> {
  return filesFromDropped(takeDropped(items));
}

import { cleanFileName, withoutHiddenFormatting } from '../api/file-names';
import { randomId } from '../util/random';

// §3 file upload item: what the uploader knows about each chosen file.

export interface UploadItem {
  file: Blob;
  size: number;
  fileName: string;
  lastModified: number;
  type: string;
  /** Client id of the upload (sent as `uid`). */
  uid: string;
  /** Path inside a picked or dropped folder (`dir/sub/name.ext`); '' for a single file. */
  webkitRelativePath: string;
}

/** A new client id: time plus random characters (0-9, A-Z). */
export function newUid(): string {
  return `${Date.now().toString(36)}${randomId(10)}`;
}

/**
 * The upload item of a File (or a Blob with a name); a dropped folder's file passes its path. The name and path lose
 * hidden formatting (issue 56), so the list shows what the server will store.
 */
export function toUploadItem(
  file: Blob & { name?: string; lastModified?: number; webkitRelativePath?: string },
  relativePath?: string,
): UploadItem {
  return {
    file,
    size: file.size,
    fileName: cleanFileName(file.name ?? 'blob'),
    lastModified: file.lastModified ?? 0,
    type: file.type,
    uid: newUid(),
    webkitRelativePath: withoutHiddenFormatting(relativePath ?? file.webkitRelativePath ?? ''),
  };
}

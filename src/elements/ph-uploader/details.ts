import type { DirectoryListing, StoredFile, UploadErrorType, UploadPhase, UploadStatus } from '../../core';

// What <ph-uploader>'s events and <PhUploader>'s callbacks (ph-widgets/react) tell of an upload: the same details,
// made from the queue's states by detail-callbacks.ts, so that the element and the React component say the same
// thing. Public types only: both entries (define.ts, react.ts) export this module whole.

/** Which file an event is about. */
export interface PhUploaderFileDetail {
  /** The upload's client id (§3 `uid`). */
  uid: string;
  fileName: string;
  /** Path inside a chosen or dropped folder, '' for a single file. */
  relativePath: string;
}

export interface PhUploaderProgressDetail extends PhUploaderFileDetail {
  status: UploadStatus;
  /** Where the §4 flow stands: hash, secondCheck, single, chunks, merge, done… */
  phase: UploadPhase;
  size: number;
  hashedBytes: number;
  uploadedBytes: number;
  /** Bytes per second of the current activity. */
  speed: number;
  remainingSeconds: number | undefined;
}

export interface PhUploaderSuccessDetail extends PhUploaderFileDetail {
  md5: string;
  /** The server's stored-file answer (§7 storage). */
  file: StoredFile | undefined;
  /** The server already had the file: no chunk was sent. */
  instant: boolean;
}

export interface PhUploaderErrorDetail extends PhUploaderFileDetail {
  /** §8 type (checkerror, uploaderror, uploadunkerror, checkchunkerror, chunkmerge), or validation / read. */
  type: UploadErrorType;
  status: number | undefined;
  /** In the current language. */
  message: string;
}

export interface PhUploaderCompleteDetail extends DirectoryListing {
  files: (PhUploaderFileDetail & { status: UploadStatus; md5: string | undefined; file: StoredFile | undefined })[];
}

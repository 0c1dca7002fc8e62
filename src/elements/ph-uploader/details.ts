import type { DirectoryListing, StoredFile, Upload, UploadErrorType, UploadPhase, UploadStatus } from '../../core';
import type { UploadCallbacks } from './watch';

// What <ph-uploader>'s events and <PhUploader>'s callbacks (ph-widgets/react) tell of an upload: the same details,
// made here from the queue's states, so that the element and the React component say the same thing.

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

/** The uploader's outcomes, each with the detail its `ph-uploader-*` event carries. */
export interface UploaderDetailCallbacks {
  onProgress?: ((detail: PhUploaderProgressDetail) => void) | undefined;
  onSuccess?: ((detail: PhUploaderSuccessDetail) => void) | undefined;
  onError?: ((detail: PhUploaderErrorDetail) => void) | undefined;
  onComplete?: ((detail: PhUploaderCompleteDetail) => void) | undefined;
}

function fileOf(upload: Upload): PhUploaderFileDetail {
  return { uid: upload.uid, fileName: upload.item.fileName, relativePath: upload.item.webkitRelativePath };
}

/** PhUploader's callbacks (a state and its upload) that hand each detail to `to`. */
export function uploaderCallbacks(to: UploaderDetailCallbacks): UploadCallbacks {
  return {
    onProgress: (state, upload) => {
      const { status, phase, size, hashedBytes, uploadedBytes, speed, remainingSeconds } = state;
      to.onProgress?.({
        ...fileOf(upload),
        status,
        phase,
        size,
        hashedBytes,
        uploadedBytes,
        speed,
        remainingSeconds,
      });
    },
    onSuccess: (state, upload) =>
      to.onSuccess?.({ ...fileOf(upload), md5: state.md5 ?? '', file: state.result, instant: state.instant }),
    onError: (state, upload) =>
      to.onError?.({
        ...fileOf(upload),
        type: state.error?.type ?? 'uploaderror',
        status: state.error?.status,
        message: state.error?.message ?? '',
      }),
    onComplete: (uploads, listing) =>
      to.onComplete?.({
        ...listing,
        files: uploads.map((upload) => {
          const state = upload.$state.get();
          return { ...fileOf(upload), status: state.status, md5: state.md5, file: state.result };
        }),
      }),
  };
}

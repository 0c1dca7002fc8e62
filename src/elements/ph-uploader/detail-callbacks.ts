import type { Upload } from '../../core';
import type {
  PhUploaderCompleteDetail,
  PhUploaderErrorDetail,
  PhUploaderFileDetail,
  PhUploaderProgressDetail,
  PhUploaderSuccessDetail,
} from './details';
import type { UploadCallbacks } from './watch';

// The details of details.ts made from the queue's states, for the element's events and the React callbacks alike.

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

import { createElement } from 'react';
import type { DirectoryListing, StoredFile, Upload, UploadErrorType, UploadPhase, UploadStatus } from '../../core';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, dispatchFrom, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import { PhUploader, type PhUploaderProps } from './PhUploader';

/** What a page can set on <ph-uploader>: the component's plain-data props. */
type UploaderElementProps = ElementProps &
  Pick<
    PhUploaderProps,
    | 'serverid'
    | 'chunkSize'
    | 'parallel'
    | 'accept'
    | 'maxSize'
    | 'retryDelays'
    | 'multiple'
    | 'directory'
    | 'autoStart'
  >;

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

/** The events of <ph-uploader>. */
export interface PhUploaderEventMap {
  /** An upload changed: bytes hashed or sent, speed, state. */
  'ph-uploader-progress': CustomEvent<PhUploaderProgressDetail>;
  /** A file is stored (or the server already had it). */
  'ph-uploader-success': CustomEvent<PhUploaderSuccessDetail>;
  /** A file failed, or was refused before anything was sent (type `validation`). */
  'ph-uploader-error': CustomEvent<PhUploaderErrorDetail>;
  /** Every file of the list has ended (stored, failed or cancelled). */
  'ph-uploader-complete': CustomEvent<PhUploaderCompleteDetail>;
}

function fileOf(upload: Upload): PhUploaderFileDetail {
  return { uid: upload.uid, fileName: upload.item.fileName, relativePath: upload.item.webkitRelativePath };
}

/** <ph-uploader>: PhUploader in the element's shadow root, its callbacks as ph-uploader-* events. */
function UploaderElement({ container, ...props }: UploaderElementProps) {
  const host = hostOf(container);
  return createElement(PhUploader, {
    ...props,
    onProgress: (state, upload) => {
      const { status, phase, size, hashedBytes, uploadedBytes, speed, remainingSeconds } = state;
      dispatchFrom(host, 'ph-uploader-progress', {
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
      dispatchFrom(host, 'ph-uploader-success', {
        ...fileOf(upload),
        md5: state.md5 ?? '',
        file: state.result,
        instant: state.instant,
      }),
    onError: (state, upload) =>
      dispatchFrom(host, 'ph-uploader-error', {
        ...fileOf(upload),
        type: state.error?.type ?? 'uploaderror',
        status: state.error?.status,
        message: state.error?.message ?? '',
      }),
    onComplete: (uploads, listing) =>
      dispatchFrom(host, 'ph-uploader-complete', {
        ...listing,
        files: uploads.map((upload) => {
          const state = upload.$state.get();
          return { ...fileOf(upload), status: state.status, md5: state.md5, file: state.result };
        }),
      }),
  });
}

/**
 * Chunked, resumable file upload (spec §4 "Chunked upload", §3, §5, §7 storage, §8; issue 11). Files are chosen with
 * the 选择文件 / Choose files / 選擇檔案 picker (a folder too with `directory`, where the browser can pick one, not on phones:
 * 选择文件夹 / Choose a folder) or dropped, folders included (`directorys` and `dirTree` of §3 come with
 * `ph-uploader-complete`). Each file is checked before anything is sent (extension lists of §5, `accept`, `max-size`:
 * refused files show their error and fire `ph-uploader-error` with type `validation`), then hashed (MD5 in a Web
 * Worker, 2 MB slices; a file up to 1 MB on the page's own thread, where it takes milliseconds), checked against the store (a file it already holds completes instantly, sending no chunk), and
 * sent in one piece up to one chunk or in `chunk-size` chunks, `parallel` at a time, each checked first (the checks run
 * just ahead of the uploads), then merged. Failed requests are retried after `retry-delays`. The list shows per file
 * its name, size, state, a bar for hashing and one for sending, speed and time left, and its actions (start, pause,
 * resume, retry, cancel, remove); the toolbar does the same for all. Files are listed and sent in the order of their
 * names (doc2 before doc10); six small files go at once where two large ones would. A list of more than 5 files folds
 * its uploaded files, and the waiting ones past the first 3, into one line with Show all. Choosing a file again after a reload continues it
 * from the chunks the server holds: the uploader lists what an earlier visit left unfinished (name, per cent), and
 * a file chosen again says how far it had come. Errors show as §8's 'status：message' in the current language. Every control is a
 * native button or file input (keyboard and screen readers), state changes are announced in a polite live region.
 * Once drawn, the element carries `data-ph-settled`: a page can keep what lies below it unpainted until then
 * (docs/guide/page-kit.md).
 *
 * @summary Chunked, resumable file upload
 * @csspart uploader - The whole element.
 * @csspart dropzone - The area files and folders are dropped on, with the pickers.
 * @csspart pick - Each picker (the labelled file input).
 * @csspart pick-folder - The folder picker.
 * @csspart toolbar - The actions for all files.
 * @csspart queue-action - Each action for all files.
 * @csspart list - The list of files.
 * @csspart file - Each file of the list.
 * @csspart unfinished - Uploads kept from an earlier visit (name, per cent done, Forget), to continue by choosing the file again.
 * @csspart forget - Each one's Forget button.
 * @csspart file-resumed - A file chosen again: how far it had come ("40% already uploaded — continuing").
 * @csspart folded - The line under a long list that counts its folded files (uploaded, and waiting past the first 3).
 * @csspart fold - Its Show all / Show less button.
 * @csspart file-name - A file's name (its path inside a folder).
 * @csspart file-state - A file's state.
 * @csspart hash-progress - A file's hashing bar.
 * @csspart upload-progress - A file's upload bar.
 * @csspart rate - A file's speed and time left.
 * @csspart file-error - A file's error.
 * @csspart action - Each action of a file.
 */
export const PhUploaderElement = defineElement('ph-uploader', UploaderElement, {
  props: {
    serverid: 'string',
    chunkSize: 'string',
    parallel: 'string',
    accept: 'string',
    maxSize: 'string',
    retryDelays: 'string',
  },
  booleans: ['multiple', 'directory', 'autoStart'],
});
ensureToastHost();
installGlobals();

declare global {
  interface GlobalEventHandlersEventMap extends PhUploaderEventMap {}
  interface HTMLElementTagNameMap {
    'ph-uploader': HTMLElement & Omit<UploaderElementProps, 'container'>;
  }
}

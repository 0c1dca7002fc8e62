import { createElement } from 'react';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, dispatchFrom, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import { uploaderCallbacks } from './detail-callbacks';
import type {
  PhUploaderCompleteDetail,
  PhUploaderErrorDetail,
  PhUploaderProgressDetail,
  PhUploaderSuccessDetail,
} from './details';
import { PhUploader, type UploaderSettings } from './PhUploader';

/** What a page can set on <ph-uploader>: the component's plain-data props. */
type UploaderElementProps = ElementProps & UploaderSettings;

export type * from './details';

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

/** <ph-uploader>: PhUploader in the element's shadow root, its callbacks as ph-uploader-* events. */
function UploaderElement({ container, ...props }: UploaderElementProps) {
  const host = hostOf(container);
  return createElement(PhUploader, {
    ...props,
    ...uploaderCallbacks({
      onProgress: (detail) => dispatchFrom(host, 'ph-uploader-progress', detail),
      onSuccess: (detail) => dispatchFrom(host, 'ph-uploader-success', detail),
      onError: (detail) => dispatchFrom(host, 'ph-uploader-error', detail),
      onComplete: (detail) => dispatchFrom(host, 'ph-uploader-complete', detail),
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

import { envelopeMessage, isEnvelope } from '../http/errors';
import { $language } from '../i18n/translate';
import { uploadText } from './strings';
import type { UploadResponse } from './transport';

// §8 upload errors. The type says which step failed, with the spec's names:
//   checkerror       the second-upload check (does the server hold this MD5?)
//   uploaderror      the single upload ('Upload failed')
//   checkchunkerror  a chunk's existence check
//   uploadunkerror   a chunk upload
//   chunkmerge       the merge, also 'abnormal chunk count' when chunks are still missing after a re-send
// and two of ours: `validation` (refused before anything is sent) and `read` (the browser could not read the file).

export type UploadErrorType =
  | 'checkerror'
  | 'uploaderror'
  | 'uploadunkerror'
  | 'checkchunkerror'
  | 'chunkmerge'
  | 'validation'
  | 'read';

/** What failed underneath: an answer of the server, the network, or a rule checked here. */
export type UploadFailureKind = 'status' | 'network' | 'timeout' | 'rule';

export interface UploadErrorInit {
  type: UploadErrorType;
  kind: UploadFailureKind;
  message: string;
  status?: number;
  code?: string;
  /** `data` of the server's answer, when it had one (merge_file's `missing` list). */
  data?: unknown;
}

const UPLOAD_ERROR = Symbol.for('ph-widgets.upload-error');

export class UploadError extends Error {
  /** Recognised across bundles on one page, like HttpError. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === 'object' && value !== null && UPLOAD_ERROR in value;
  }

  readonly [UPLOAD_ERROR] = true;
  readonly type: UploadErrorType;
  readonly kind: UploadFailureKind;
  readonly status: number | undefined;
  readonly code: string | undefined;
  readonly data: unknown;

  constructor(init: UploadErrorInit) {
    super(init.message);
    this.name = 'UploadError';
    this.type = init.type;
    this.kind = init.kind;
    this.status = init.status;
    this.code = init.code;
    this.data = init.data;
  }

  /** §8: the warning shown for an upload failure, 'status：message' (full-width colon), or the message alone. */
  get warning(): string {
    return this.status === undefined ? this.message : `${this.status}：${this.message}`;
  }
}

/** Text of each step's failure when the server said nothing usable. */
const FALLBACK_KEY: Record<UploadErrorType, string> = {
  checkerror: 'upload.error.check',
  uploaderror: 'upload.error.failed',
  checkchunkerror: 'upload.error.chunkCheck',
  uploadunkerror: 'upload.error.chunkUpload',
  chunkmerge: 'upload.error.merge',
  validation: 'upload.error.fileType',
  read: 'upload.error.read',
};

/** A server answer that is not a success, as the step's error: the envelope's (bilingual) message when it has one. */
export function answerError(type: UploadErrorType, response: UploadResponse): UploadError {
  const envelope = isEnvelope(response.body) ? response.body : undefined;
  // The single upload's failure is 'Upload failed' whatever the cause (§8); the server's reason follows it.
  const fallback = uploadText(FALLBACK_KEY[type]);
  let message = fallback;
  if (envelope?.message || envelope?.fieldErrors?.length) {
    const reason = envelopeMessage(envelope, $language.get()).message;
    message = type === 'uploaderror' ? `${fallback}: ${reason}` : reason;
  }
  return new UploadError({
    type,
    kind: 'status',
    message,
    status: envelope?.status ?? response.status,
    code: envelope?.code,
    data: envelope?.data,
  });
}

/** The network failed or timed out before an answer (never an abort: a pause or abort is not an error). */
export function networkError(type: UploadErrorType, kind: 'network' | 'timeout', timeoutMs?: number): UploadError {
  const message =
    kind === 'timeout'
      ? uploadText('upload.error.timeout', { ms: timeoutMs ?? 0 })
      : uploadText('upload.error.network');
  return new UploadError({ type, kind, message });
}

export function ruleError(type: UploadErrorType, message: string, status?: number): UploadError {
  return new UploadError({ type, kind: 'rule', message, status });
}

/** `data` of a successful answer (HTTP 2xx, envelope status 200); anything else is the step's error. */
export function dataOf(type: UploadErrorType, response: UploadResponse): unknown {
  const envelope = isEnvelope(response.body) ? response.body : undefined;
  const ok = response.status >= 200 && response.status < 300 && (!envelope || envelope.status === 200);
  if (!ok) throw answerError(type, response);
  return envelope?.data;
}

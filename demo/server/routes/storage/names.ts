import {
  disallowedExtension,
  fileExtension,
  truncateName,
  withoutHiddenFormatting,
  withoutTrailingDots,
} from '../../../../src/core/api/file-names';
import { IMAGE_EXTENSIONS } from '../../../../src/core/api/wire';
import { errors, fieldError } from '../../envelope';

export const IMAGE_EXTENSION_SET = new Set<string>(IMAGE_EXTENSIONS);

/**
 * A display name only: files are stored by their hash, so a name never becomes a path. Still, directory parts,
 * control and reserved characters, hidden bidi and zero-width formatting (a name reads as it is, issue 56), leading
 * dots and trailing dots and spaces are dropped, so the name is safe in a Content-Disposition header and on any disk
 * (Windows would drop the trailing ones itself); a long one is cut keeping its extension and whole characters.
 */
export function sanitizeName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = withoutTrailingDots(
    withoutHiddenFormatting(base)
      .replace(/[\p{Cc}<>:"|?*]/gu, '')
      .replace(/^[.\s]+/, '')
      .trim(),
  );
  return withoutTrailingDots(truncateName(cleaned)) || 'file';
}

export { fileExtension };

/** The sanitised name, or a 400 when its extension is one of §5's refused ones (the widgets' check, shared). */
export function checkedName(raw: string | undefined, field = 'name'): string {
  const name = sanitizeName(raw ?? '');
  if (disallowedExtension(raw ?? '') || disallowedExtension(name)) {
    throw errors.badRequest({ zh: '不允许上传该类型的文件', en: 'This file type may not be uploaded' }, [
      fieldError(field, { zh: '文件类型错误', en: 'File type not allowed' }),
    ]);
  }
  return name;
}

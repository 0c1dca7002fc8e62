import { disallowedExtension, fileExtension, withoutTrailingDots } from '../../../../src/core/api/file-names';
import { IMAGE_EXTENSIONS } from '../../../../src/core/api/wire';
import { errors, fieldError } from '../../envelope';

export const IMAGE_EXTENSION_SET = new Set<string>(IMAGE_EXTENSIONS);

/**
 * A display name only: files are stored by their hash, so a name never becomes a path. Still, directory parts,
 * control and reserved characters, leading dots and trailing dots and spaces are dropped, so the name is safe in a
 * Content-Disposition header and on any disk (Windows would drop the trailing ones itself).
 */
export function sanitizeName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = withoutTrailingDots(
    base
      .replace(/[\p{Cc}<>:"|?*]/gu, '')
      .replace(/^[.\s]+/, '')
      .trim(),
  ).slice(0, 200);
  return cleaned || 'file';
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

import { DISALLOWED_EXTENSIONS, IMAGE_EXTENSIONS } from '../../../../src/core/api/wire';
import { bilingual, errors } from '../../envelope';

/** Spec §5 lists, shared with the widgets (wire.ts), as sets for lookups. */
const DISALLOWED = new Set<string>(DISALLOWED_EXTENSIONS);
export const IMAGE_EXTENSION_SET = new Set<string>(IMAGE_EXTENSIONS);

/**
 * A display name only: files are stored under their MD5, so a name never becomes a path. Still, directory parts,
 * control and reserved characters are dropped so the name is safe in a Content-Disposition header and on any disk.
 */
export function sanitizeName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\p{Cc}<>:"|?*]/gu, '')
    .replace(/^[.\s]+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
}

export function checkedName(raw: string | undefined, field = 'name'): string {
  const name = sanitizeName(raw ?? '');
  if (DISALLOWED.has(extensionOf(name))) {
    throw errors.badRequest('This file type may not be uploaded', '不允许上传该类型的文件', [
      { field, message: bilingual('文件类型错误', 'File type not allowed') },
    ]);
  }
  return name;
}

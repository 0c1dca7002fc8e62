import { DISALLOWED_EXTENSIONS } from './upload-wire';

// The §5 file-name check, shared by the widgets (core/validate) and the reference server, so both refuse the same
// names. Extensions are compared in lower case, after trailing dots and spaces are dropped — Windows drops them when
// it saves `virus.exe.` or `virus.php. .`, so a check that kept them would let those through.

/** The name without trailing dots and spaces. */
export function withoutTrailingDots(name: string): string {
  return name.replace(/[. ]+$/, '');
}

/** The lower-cased extension of a file name (directory parts ignored), '' when it has none. */
export function fileExtension(name: string): string {
  const base = withoutTrailingDots(name);
  const slash = Math.max(base.lastIndexOf('/'), base.lastIndexOf('\\'));
  const file = base.slice(slash + 1);
  const dot = file.lastIndexOf('.');
  return dot < 0 ? '' : file.slice(dot + 1).toLowerCase();
}

/** The refused extension of the name ('' when it may be uploaded); DISALLOWED_EXTENSIONS unless a list is given. */
export function disallowedExtension(name: string, disallowed: readonly string[] = DISALLOWED_EXTENSIONS): string {
  const extension = fileExtension(name);
  return extension && disallowed.some((entry) => entry.toLowerCase() === extension) ? extension : '';
}

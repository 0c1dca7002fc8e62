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

/** The longest name kept, in UTF-16 units (the server's display name). */
export const MAX_NAME_UNITS = 200;

/**
 * Characters that change how a name reads without being seen (issue 56): bidi embeddings, overrides, isolates and
 * marks (`invoice\u202Efdp.scr` shows as `invoicercs.pdf`) and zero-width ones.
 */
const HIDDEN_FORMATTING = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C\u200B-\u200D\u2060\uFEFF]/g;

/** The name without bidi controls and zero-width characters: what is listed and stored is what it reads as. */
export function withoutHiddenFormatting(name: string): string {
  return name.replace(HIDDEN_FORMATTING, '');
}

/** Grapheme clusters where the runtime segments them; else code points (a surrogate pair is never split). */
function graphemes(text: string): string[] {
  if (typeof Intl !== 'undefined' && 'Segmenter' in Intl) {
    return Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (part) => part.segment);
  }
  return Array.from(text);
}

/** An extension longer than this is part of the name, not a type to keep. */
const MAX_KEPT_EXTENSION = 16;

/**
 * The name cut to at most `max` UTF-16 units: its extension kept, the stem cut between graphemes, so that neither a
 * surrogate pair nor a base letter and its combining marks are split.
 */
export function truncateName(name: string, max = MAX_NAME_UNITS): string {
  if (name.length <= max) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 && name.length - dot <= MAX_KEPT_EXTENSION ? name.slice(dot) : '';
  let kept = '';
  for (const grapheme of graphemes(extension ? name.slice(0, dot) : name)) {
    if (kept.length + grapheme.length + extension.length > max) break;
    kept += grapheme;
  }
  return kept + extension;
}

/** A chosen file's name as the widgets and the server both keep it: hidden formatting out, cut to 200 units. */
export function cleanFileName(name: string): string {
  return truncateName(withoutHiddenFormatting(name));
}

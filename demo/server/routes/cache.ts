import { readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { IMMUTABLE_FILES } from '../build-lists.mjs';

// How long a browser may keep a served file (issue 36: Lighthouse counted 19 hashed files sent with max-age=0). A
// file whose name carries its content's hash, as the build lists it (immutable.json, scripts/immutable-files-plugin
// .mjs), never changes under that name: a year, immutable. Every other file is asked for again each time (its ETag
// makes that a 304): pages name ph-widgets.js and shell.js, which change under the same name.

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'no-cache';

/** The hashed names of one build folder, read again when its list changes (a rebuild while the server runs). */
const lists = new Map<string, { mtimeMs: number; names: Set<string> }>();

function hashedNames(folder: string): Set<string> {
  const file = join(folder, IMMUTABLE_FILES);
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return new Set();
  }
  const known = lists.get(folder);
  if (known?.mtimeMs === mtimeMs) return known.names;
  let names: Set<string>;
  try {
    names = new Set(JSON.parse(readFileSync(file, 'utf8')) as string[]);
  } catch {
    names = new Set();
  }
  lists.set(folder, { mtimeMs, names });
  return names;
}

/**
 * The Cache-Control of a file served from `root`: IMMUTABLE when the build folder directly inside the root lists it
 * (its brotli and gzip copies with it), else REVALIDATE.
 */
export function cacheControlFor(root: string, path: string): string {
  const plain = path.replace(/\.(br|gz)$/, '');
  const [folder, ...rest] = relative(root, plain).split(sep);
  if (!folder || rest.length === 0 || folder === '..') return REVALIDATE;
  return hashedNames(join(root, folder)).has(rest.join('/')) ? IMMUTABLE : REVALIDATE;
}

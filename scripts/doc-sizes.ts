// Sizes of built files in README.md and docs/, written from the build (issue 69: the face guide said 9.9 and 18.8 KB
// for chunks of 14.4 and 24.8 KB). A figure of the build is marked with what it measures, just before it:
//   `ph-widgets.face.js` beside it (<!-- size gzip dist/ph-widgets.face.js -->24.8 KB gzip)
// gzip (level 9, as `npm run size` counts) or raw bytes (`raw dist/x.js.br`: what a browser is sent), of the files
// the paths name (`*` for a chunk's hash), summed; or a budget of package.json's `sizeBudgets` (`budget hkKb`,
// `budget elementKbFor.ph-face`). `npm run docs:sizes` rewrites every marked figure from dist/ after a build;
// test/build/docs-references.test.ts fails when one is more than 5 % off (or than its rounding).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export type Measure = 'gzip' | 'raw' | 'budget';

export interface MarkedFigure {
  /** Where in the file's text the figure starts, and its text (`24.8 KB`, `40,681 bytes`). */
  index: number;
  figure: string;
  how: Measure;
  paths: string[];
}

const FIGURE = /^(\d[\d,]*(?:\.\d+)?)( ?)(bytes|B|KB|kB|KiB|MB|MiB)$/;
const UNITS: Record<string, number> = { bytes: 1, B: 1, KB: 1024, kB: 1024, KiB: 1024, MB: 1024 ** 2, MiB: 1024 ** 2 };
const MARKED = /<!-- size (gzip|raw|budget) ([^>]+?) -->(\d[\d,]*(?:\.\d+)?) ?(bytes|B|KB|kB|KiB|MB|MiB)\b/g;

/** Every marked figure of a Markdown text. */
export function markedFigures(markdown: string): MarkedFigure[] {
  return [...markdown.matchAll(MARKED)].map((match) => ({
    index: match.index + match[0].indexOf('-->') + 3,
    figure: match[0].slice(match[0].indexOf('-->') + 3),
    how: match[1] as Measure,
    paths: match[2]!.trim().split(/\s+/),
  }));
}

/** The files a path names: `*` in its last part stands for any text (a chunk's hash). */
export function filesOf(root: string, path: string): string[] {
  const slash = path.lastIndexOf('/');
  const folder = join(root, path.slice(0, slash));
  const pattern = new RegExp(
    `^${path
      .slice(slash + 1)
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/]*')}$`,
  );
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return [];
  }
  return names.filter((name) => pattern.test(name)).map((name) => join(folder, name));
}

/** A gzip budget of package.json (`hkKb`, `elementKbFor.ph-face`), in bytes. */
function budget(root: string, key: string): number {
  const budgets = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).sizeBudgets;
  const [name, element] = key.split(/\.(.*)/) as [string, string | undefined];
  const kb = element === undefined ? budgets[name] : budgets[name]?.[element];
  if (typeof kb !== 'number') throw new Error(`package.json has no sizeBudgets.${key}`);
  return kb * 1024;
}

/** The bytes a marker measures; throws when a path names no file (the build made none such). */
export function measure(root: string, how: Measure, paths: readonly string[]): number {
  if (how === 'budget') return budget(root, paths[0]!);
  return paths.reduce((sum, path) => {
    const files = filesOf(root, path);
    if (files.length === 0) throw new Error(`${path} names no file (build first: npm run build)`);
    return (
      sum +
      files.reduce((bytes, file) => {
        if (how === 'raw') return bytes + statSync(file).size;
        return bytes + gzipSync(readFileSync(file), { level: 9 }).length;
      }, 0)
    );
  }, 0);
}

/** A figure's value in bytes. */
export function bytesOf(figure: string): number {
  const [, number, , unit] = FIGURE.exec(figure)!;
  return Number(number!.replace(/,/g, '')) * UNITS[unit!]!;
}

/** `bytes` written in the unit and with the decimals of `figure` (`24.8 KB`, `40,681 bytes`). */
export function written(bytes: number, figure: string): string {
  const [, number, space, unit] = FIGURE.exec(figure)!;
  const decimals = number!.split('.')[1]?.length ?? 0;
  const value = (bytes / UNITS[unit!]!).toFixed(decimals);
  const grouped = number!.includes(',') ? Number(value).toLocaleString('en-US') : value;
  return `${grouped}${space}${unit}`;
}

/**
 * Whether a written figure agrees with the bytes measured: within 5 % (a chunk drifts by bytes with every change), or
 * within the rounding of its last digit (`1.1 KB` for 1083 bytes).
 */
export function agrees(figure: string, bytes: number): boolean {
  const [, number, , unit] = FIGURE.exec(figure)!;
  const step = UNITS[unit!]! * 10 ** -(number!.split('.')[1]?.length ?? 0);
  return Math.abs(bytesOf(figure) - bytes) <= Math.max(0.05 * bytes, step / 2);
}

/** The Markdown files whose sizes are marked: README.md and docs/. */
export function markdownFiles(root: string): string[] {
  const walk = (folder: string): string[] =>
    readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) =>
      entry.isDirectory()
        ? walk(`${folder}/${entry.name}`)
        : entry.name.endsWith('.md')
          ? [`${folder}/${entry.name}`]
          : [],
    );
  return ['README.md', ...walk('docs')];
}

/** Rewrites every marked figure of README.md and docs/ from the build; returns what changed. */
export function writeSizes(root: string): string[] {
  const changed: string[] = [];
  for (const file of markdownFiles(root)) {
    const text = readFileSync(join(root, file), 'utf8');
    let out = text;
    for (const mark of markedFigures(text).reverse()) {
      const now = written(measure(root, mark.how, mark.paths), mark.figure);
      if (now === mark.figure) continue;
      out = out.slice(0, mark.index) + now + out.slice(mark.index + mark.figure.length);
      changed.push(`${file}: ${mark.paths.join(' + ')} ${mark.figure} → ${now}`);
    }
    if (out !== text) writeFileSync(join(root, file), out);
  }
  return changed;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const changed = writeSizes(resolve(import.meta.dirname, '..'));
  console.log(changed.length ? changed.join('\n') : 'every marked size is the build’s');
}

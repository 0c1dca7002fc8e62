// What README.md and docs/ point at, read from their Markdown: links (files, and sections by their GitHub ids), paths
// written as code, and sections named in prose (issue 69: the docs named README sections and a script that did not
// exist). Checked by docs-references.test.ts against the tree and the build.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { markdownFiles } from '../../scripts/doc-sizes';
import { slugger } from '../../scripts/docs-site/markdown';

export interface Reference {
  /** The Markdown file, relative to the repository. */
  file: string;
  line: number;
  text: string;
}

/** README.md and every Markdown file under docs/, relative to the repository. */
export const documents = markdownFiles;

/** The text with fenced code blocks blanked, lines kept: a `# comment` in a shell block is no heading. */
export function prose(markdown: string): string {
  let fenced = false;
  return markdown
    .split('\n')
    .map((line) => {
      if (/^\s*(```|~~~)/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

/** The ids a link can name in a Markdown file: its headings' GitHub ids, and any `id="…"` written in HTML. */
export function anchorsOf(markdown: string): Set<string> {
  const text = prose(markdown);
  const slug = slugger();
  const ids = [...text.matchAll(/^#{1,6} (.*)$/gm)].map((match) => slug(match[1]!.replace(/`/g, '')));
  const written = [...text.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]!);
  return new Set([...ids, ...written]);
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Every link target of a Markdown file: inline links and reference definitions. */
export function linksOf(file: string, markdown: string): Reference[] {
  const text = prose(markdown);
  const inline = [...text.matchAll(/\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)/g)];
  const definitions = [...text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/gm)];
  return [...inline, ...definitions].map((match) => ({ file, line: lineAt(text, match.index), text: match[1]! }));
}

/**
 * A link that does not resolve: a missing file, or a section the file it names does not have (`own`: the text of the
 * file the link is in, for `#id` alone).
 */
export function brokenLink(root: string, link: Reference, own: string): string | undefined {
  // Addresses on the web or of the running server (`/docs/`) are not fetched here: no network; e2e opens the pages.
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.text) || link.text.startsWith('/')) return undefined;
  const [path, hash] = link.text.split('#') as [string, string | undefined];
  if (!path) return anchorsOf(own).has(decodeURIComponent(hash!)) ? undefined : `${link.file} has no section #${hash}`;
  const target = relative(root, join(root, dirname(link.file), decodeURIComponent(path)));
  if (target.startsWith('..')) return 'leaves the repository';
  if (!existsSync(join(root, target))) return `${target} does not exist`;
  if (hash === undefined || !target.endsWith('.md')) return undefined;
  const anchors = anchorsOf(readFileSync(join(root, target), 'utf8'));
  return anchors.has(decodeURIComponent(hash)) ? undefined : `${target} has no section #${hash}`;
}

/** Code spans of the prose and tables, with their lines. */
function codeSpans(file: string, markdown: string): Reference[] {
  const text = prose(markdown);
  return [...text.matchAll(/(`+)([^`]+?)\1/g)].map((match) => ({
    file,
    line: lineAt(text, match.index),
    text: match[2]!.trim(),
  }));
}

/** Where a written path lives: the repository's own folders, or `dist/`, which the build makes. */
const ROOTS = ['src', 'test', 'scripts', 'demo', 'docs', 'dist', '.ci'];
/** Shorthands some pages declare (docs/spec-map.md): `core/x` is `src/core/x`, `t/x` is `test/x`. */
const SHORTHANDS: Record<string, string> = { 'core/': 'src/core/', 't/': 'test/' };

/** Code spans that are paths of the repository or of the build: `src/core/access/`, `test/e2e/*.test.ts`. */
export function pathsOf(file: string, markdown: string): Reference[] {
  return codeSpans(file, markdown)
    .map((span) => {
      const shorthand = Object.keys(SHORTHANDS).find((short) => span.text.startsWith(short));
      return shorthand ? { ...span, text: SHORTHANDS[shorthand] + span.text.slice(shorthand.length) } : span;
    })
    .filter((span) => {
      const first = span.text.split('/')[0]!;
      return ROOTS.includes(first) && /^[^\s'"():,;=]+\/[^\s'"():,;=]*$/.test(span.text);
    });
}

/** A segment's pattern: `*`, `<name>`, `{app}` and `…` stand for any text. */
function segmentPattern(segment: string): RegExp {
  const source = segment
    .split(/(\*|<[^>]+>|\{[^}]+\}|…)/)
    .map((part, index) => (index % 2 ? '.+' : part.replace(/[.+?^$()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

const isFolder = (path: string) => existsSync(path) && statSync(path).isDirectory();

/** A folder and every folder under it (`**`). */
const foldersUnder = (folder: string): string[] => [
  folder,
  ...readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => foldersUnder(join(folder, entry.name))),
];

/** Whether a path, wildcards and all (`**` for any folders), names at least one file or folder under `root`. */
export function pathExists(root: string, path: string): boolean {
  const folderOnly = path.endsWith('/');
  const segments = path.split('/').filter(Boolean);
  let candidates = [root];
  for (const segment of segments) {
    if (segment === '**') {
      candidates = candidates.filter(isFolder).flatMap(foldersUnder);
      continue;
    }
    const pattern = segmentPattern(segment);
    candidates = candidates.flatMap((folder) => {
      if (!isFolder(folder)) return [];
      return readdirSync(folder)
        .filter((name) => pattern.test(name))
        .map((name) => join(folder, name));
    });
  }
  return candidates.some((candidate) => !folderOnly || statSync(candidate).isDirectory());
}

/** Prose without code spans and links, lines kept: where bare paths and section names are read. */
function plainText(markdown: string): string {
  const blank = (part: string) => part.replace(/[^\n]/g, ' ');
  return prose(markdown)
    .replace(/(`+)[^`]+?\1/g, blank)
    .replace(/\]\([^)]*\)/g, blank)
    .replace(/<!--[\s\S]*?-->/g, blank);
}

/** Paths written in plain prose, not as code: `(docs/api.md › Face matching)`, `see docs/architecture.md`. */
export function barePathsOf(file: string, markdown: string): Reference[] {
  const text = plainText(markdown);
  const pattern = new RegExp(
    `(?<![\\w/.-])(?:${ROOTS.map((name) => name.replace('.', '\\.')).join('|')})/[\\w./*-]*[\\w/*]`,
    'g',
  );
  return [...text.matchAll(pattern)].map((match) => ({ file, line: lineAt(text, match.index), text: match[0] }));
}

/** Documents of the repository a page names in prose before `›`: `README › Wire conventions`. */
const SECTION_NAME =
  /\b(README(?:\.md)?|[Ss]ecurity notes|[Ss]erver guide|[Ff]ace guide|[Vv]oice guide|(?:docs\/(?:guide\/)?)?[\w-]+\.md) › ([^)\];,:|]+)/g;
const GUIDE_NAMES: Record<string, string> = {
  'security notes': 'docs/guide/security.md',
  'server guide': 'docs/guide/server.md',
  'face guide': 'docs/guide/face.md',
  'voice guide': 'docs/guide/voice.md',
  readme: 'README.md',
  'readme.md': 'README.md',
};

export interface SectionName extends Reference {
  /** The document named, relative to the repository; undefined when it is none of the repository's. */
  document: string | undefined;
  section: string;
}

/**
 * Sections named in prose as `Document › Section` (`README › Wire conventions`, `security notes › One key per
 * purpose`), for documents of the repository: a name that is not one (a test file's `uaa › …`) is left out.
 */
export function sectionNamesOf(file: string, markdown: string, all: readonly string[]): SectionName[] {
  const plain = plainText(markdown);
  const text = plain.replace(/\n/g, ' ');
  return [...text.matchAll(SECTION_NAME)].flatMap((match) => {
    const name = match[1]!;
    const document =
      GUIDE_NAMES[name.toLowerCase()] ??
      all.find((path) => path === name || path.endsWith(`/${name}`) || path === `docs/${name}`);
    if (!document && !/\.md$/.test(name)) return [];
    const section = match[2]!
      .replace(/\s+/g, ' ')
      .replace(/[.\s]+$/, '')
      .trim();
    return [{ file, line: lineAt(plain, match.index), text: match[0], document, section }];
  });
}

/** The names a document's sections go by: its headings, and the bold labels that open its paragraphs and items. */
export function sectionTitlesOf(markdown: string): string[] {
  const text = prose(markdown);
  const headings = [...text.matchAll(/^#{1,6} (.*)$/gm)].map((match) => match[1]!);
  const labels = [...text.matchAll(/^(?:[-*] |\d+\. )?\*\*([^*]+)\*\*/gm)].map((match) => match[1]!);
  return [...headings, ...labels].map((title) => title.replace(/`/g, '').replace(/\s+/g, ' ').trim());
}

/** Whether a section named in prose is one of the document's: a title it begins with, or that begins with it. */
export function namesSection(titles: readonly string[], section: string): boolean {
  const wanted = section.replace(/`/g, '').toLowerCase();
  return titles.some((title) => {
    const lower = title.toLowerCase().replace(/[.:]$/, '');
    return lower.startsWith(wanted) || wanted === lower || wanted.startsWith(`${lower} `);
  });
}

/** A size written in the docs: `14.4 KB`, `40,681 bytes`, `1.3 MB`. */
const SIZE = /(?<![\w.,])\d[\d,]*(?:\.\d+)? ?(?:bytes|B|KB|kB|KiB|MB|MiB)\b/g;

export interface SizeClaim extends Reference {
  /** The sentence it stands in. */
  sentence: string;
  /** Marked `<!-- size … -->` just before it: measured by scripts/doc-sizes.ts. */
  marked: boolean;
}

/**
 * Size figures said of built files: those in a sentence (or table cell) that names one (`dist/…`, a `.js` file).
 * Code blocks are left out, and code spans keep their place but not their digits.
 */
export function buildSizeClaims(file: string, markdown: string): SizeClaim[] {
  const text = prose(markdown).replace(/(`+)[^`]+?\1/g, (span) => span.replace(/\d/g, '_'));
  const flat = text.replace(/\n/g, ' ');
  return [...flat.matchAll(SIZE)].flatMap((match) => {
    const before = flat.slice(0, match.index);
    const start = Math.max(before.lastIndexOf('. '), before.lastIndexOf('|')) + 1;
    const rest = flat.slice(match.index).search(/\. |\||$/);
    const sentence = flat.slice(start, match.index + rest);
    if (!/dist\/|[\w*\]-]\.js\b/.test(sentence)) return [];
    const marked = /<!-- size (gzip|raw|budget) [^>]+ -->$/.test(before);
    return [{ file, line: lineAt(text, match.index), text: match[0], sentence, marked }];
  });
}

/**
 * A figure of the past says when: a date, an issue, a commit, or the change it records (`from 95.4 to 102.1 KB`,
 * `140.0 → 131.7 KB`). Such figures stay as measured then; a figure of the build as it is now is marked.
 */
export const isDated = (sentence: string) =>
  /\b20\d\d-\d\d-\d\d\b|\bissues? \d+|\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,10}\b|→|\bfrom [\d.]+ (?:KB )?to\b/.test(
    sentence,
  );

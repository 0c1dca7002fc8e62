import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { agrees, type MarkedFigure, markedFigures, measure, written } from '../../scripts/doc-sizes';
import {
  barePathsOf,
  brokenLink,
  buildSizeClaims,
  documents,
  isDated,
  linksOf,
  namesSection,
  pathExists,
  pathsOf,
  type Reference,
  sectionNamesOf,
  sectionTitlesOf,
} from './doc-references';

// README.md and docs/ say only what the tree and the build bear out (issue 69: links to README sections that had
// moved, a script that did not exist, the face chunks' sizes of long ago). Reads Markdown and gzips a few files:
// well under a second. The build comes first (npm test; `npm run build` alone): dist/ paths and sizes are of the build.
const root = resolve(import.meta.dirname, '..', '..');
const files = documents(root);
const textOf = new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]));
const at = (reference: Reference) => `${reference.file}:${reference.line} ${reference.text}`;

/** A marked figure the build does not bear out (scripts/doc-sizes.ts `agrees`: 5 %, or the figure's rounding). */
function wrongSize(mark: MarkedFigure): string | undefined {
  const now = measure(root, mark.how, mark.paths);
  return agrees(mark.figure, now)
    ? undefined
    : `${mark.paths.join(' + ')}: says ${mark.figure}, the build makes ${now} bytes (npm run docs:sizes)`;
}

const brokenLinks = (file: string, text: string) =>
  linksOf(file, text).flatMap((link) => {
    const why = brokenLink(root, link, text);
    return why ? [`${at(link)}: ${why}`] : [];
  });

const missingPaths = (file: string, text: string) =>
  [...pathsOf(file, text), ...barePathsOf(file, text)].filter((path) => !pathExists(root, path.text)).map(at);

const missingSections = (file: string, text: string) =>
  sectionNamesOf(file, text, files)
    .filter((name) => {
      if (!name.document) return false;
      return !namesSection(sectionTitlesOf(readFileSync(join(root, name.document), 'utf8')), name.section);
    })
    .map((name) => `${at(name)}: ${name.document ?? ''} has no section "${name.section}"`);

const unmarkedSizes = (file: string, text: string) =>
  buildSizeClaims(file, text)
    .filter((claim) => !claim.marked && !isDated(claim.sentence))
    .map((claim) => `${at(claim)}: mark it <!-- size gzip|raw <dist path> --> (npm run docs:sizes) or say when`);

describe('README.md and docs/', () => {
  it('are read whole: README, the guides, the API, the architecture and the spec map', () => {
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'docs/api.md', 'docs/spec-map.md', 'docs/guide/face.md']),
    );
  });

  it('link only to files and sections that exist (GitHub ids, each link from its own folder)', () => {
    expect(files.flatMap((file) => brokenLinks(file, textOf.get(file)!))).toEqual([]);
  });

  it('name only paths that exist in the repository or the build, as code or in prose', () => {
    expect(files.flatMap((file) => missingPaths(file, textOf.get(file)!))).toEqual([]);
  });

  it('name only sections their documents have (`README › …`, `security notes › …`)', () => {
    expect(files.flatMap((file) => missingSections(file, textOf.get(file)!))).toEqual([]);
  });

  it('mark each size of a built file they give as of now, and say when of the others', () => {
    expect(files.flatMap((file) => unmarkedSizes(file, textOf.get(file)!))).toEqual([]);
  });

  it('never open a line with a size marker: Markdown would take the line for raw HTML, code spans and all', () => {
    const opening = files.flatMap((file) =>
      [...textOf.get(file)!.matchAll(/^[ \t]*<!-- size .*$/gm)].map((match) => `${file}: ${match[0].trim()}`),
    );
    expect(opening).toEqual([]);
  });

  it('give each marked size as the build measures it', () => {
    const marks = files.flatMap((file) => markedFigures(textOf.get(file)!).map((mark) => ({ file, mark })));
    expect(marks.length).toBeGreaterThan(5);
    expect(marks.flatMap(({ file, mark }) => wrongSize(mark)?.replace(/^/, `${file}: `) ?? [])).toEqual([]);
  });
});

describe('the checks of the docs', () => {
  it('catch a link to a missing file or section, and leave the web and the server alone', () => {
    const text = `[a](../missing.md) [b](server.md#no-such-section) [c](server.md#wire-conventions)
[d](https://example.com/x) [e](/docs/) [f](#nowhere)\n# Here\n[g](#here)`;
    expect(brokenLinks('docs/guide/x.md', text)).toEqual([
      'docs/guide/x.md:1 ../missing.md: docs/missing.md does not exist',
      'docs/guide/x.md:1 server.md#no-such-section: docs/guide/server.md has no section #no-such-section',
      'docs/guide/x.md:2 #nowhere: docs/guide/x.md has no section #nowhere',
    ]);
  });

  it('catch a path that is not there, with wildcards and shorthands read as such', () => {
    const text =
      '`scripts/manifest/readme.ts`, `src/elements/ph-<name>/define.ts`, `t/core/validate/*.test.ts`, see docs/nothing.md';
    expect(missingPaths('docs/x.md', text)).toEqual([
      'docs/x.md:1 scripts/manifest/readme.ts',
      'docs/x.md:1 docs/nothing.md',
    ]);
  });

  it('catch a section a document does not have, and find headings and bold labels', () => {
    const text = 'README › Wire conventions; security notes › One key per purpose; (security notes › Liveness)';
    expect(missingSections('docs/x.md', text)).toEqual([
      'docs/x.md:1 README › Wire conventions: README.md has no section "Wire conventions"',
    ]);
  });

  it('take a marked figure within 5 % of the build, or within its rounding, as right', () => {
    expect(agrees('24.3 KB', 24_893)).toBe(true);
    expect(agrees('24.3 KB', 24_893 * 1.06)).toBe(false);
    expect(agrees('18.8 KB', 24_893)).toBe(false);
    expect(agrees('1.1 KB', 1083)).toBe(true);
    expect(agrees('39,526 bytes', 39_526)).toBe(true);
    expect(agrees('40,681 bytes', 39_526)).toBe(true);
    expect(agrees('42,000 bytes', 39_526)).toBe(false);
  });

  it('write a figure anew in its own unit and precision (npm run docs:sizes)', () => {
    expect(written(24_893, '18.8 KB')).toBe('24.3 KB');
    expect(written(39_526, '40,681 bytes')).toBe('39,526 bytes');
    expect(written(290_153, '282 KB')).toBe('283 KB');
    expect(written(1_333_462, '1.3 MB')).toBe('1.3 MB');
  });

  it('catch a size of a built file neither marked nor dated, and a marked one the build does not bear out', () => {
    const text = `\`ph-widgets.face.js\` is 18.8 KB. On 2026-11-27 \`ph-widgets.face.js\` was 18.8 KB.
Issue 36 took \`dist/ph-widgets.js\` from 140.0 to 131.7 KB. Chunks of 2 MB. <!-- size gzip dist/ph-widgets.face.js -->9.9 KB`;
    expect(unmarkedSizes('docs/x.md', text)).toEqual([
      'docs/x.md:1 18.8 KB: mark it <!-- size gzip|raw <dist path> --> (npm run docs:sizes) or say when',
    ]);
    expect(wrongSize(markedFigures(text)[0]!)).toMatch(
      /^dist\/ph-widgets.face.js: says 9.9 KB, the build makes \d+ bytes \(npm run docs:sizes\)$/,
    );
  });
});

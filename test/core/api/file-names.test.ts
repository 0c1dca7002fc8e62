import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitizeName } from '../../../demo/server/routes/storage/names';
import { cleanFileName, MAX_NAME_UNITS, truncateName, withoutHiddenFormatting } from '../../../src/core/api/file-names';
import { toUploadItem } from '../../../src/core/upload';

// Upload file names (issue 56): hidden bidi and zero-width formatting out on both sides, and a cut to 200 UTF-16
// units that keeps the extension and whole characters.

const HIDDEN = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
];

const graphemes = (text: string) =>
  Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (part) => part.segment);

describe('withoutHiddenFormatting', () => {
  it.each([
    ['invoice\u202Efdp.scr', 'invoicefdp.scr'],
    ['\u2067report\u2069.pdf', 'report.pdf'],
    ['a\u200Bb\u200Cc\u200Dd\u2060e\uFEFF.txt', 'abcde.txt'],
    ['\u200E\u200F\u061Cname.doc', 'name.doc'],
    ['成绩单.xlsx', '成绩单.xlsx'],
    ['ملف.pdf', 'ملف.pdf'],
  ])('%j → %j', (name, cleaned) => {
    expect(withoutHiddenFormatting(name)).toBe(cleaned);
  });

  it('leaves no hidden character in any name', () => {
    const withHidden = fc.array(fc.oneof(fc.constantFrom(...HIDDEN), fc.string({ unit: 'grapheme', maxLength: 3 })));
    fc.assert(
      fc.property(withHidden, (parts) => {
        const cleaned = withoutHiddenFormatting(parts.join(''));
        return HIDDEN.every((char) => !cleaned.includes(char));
      }),
    );
  });
});

describe('truncateName', () => {
  it.each([
    ['short.pdf', 'short.pdf'],
    [`${'a'.repeat(300)}.pdf`, `${'a'.repeat(196)}.pdf`],
    [`${'😀'.repeat(150)}.pdf`, `${'😀'.repeat(98)}.pdf`],
    [`${'e\u0301'.repeat(150)}.txt`, `${'e\u0301'.repeat(98)}.txt`],
    ['a'.repeat(250), 'a'.repeat(200)],
    [`${'b'.repeat(250)}.${'x'.repeat(40)}`, 'b'.repeat(200)],
  ])('%#: cut to at most 200 units, the extension kept', (name, cut) => {
    expect(truncateName(name)).toBe(cut);
  });

  it('keeps the extension, stays within 200 units and never splits a grapheme (surrogate pairs, combining marks)', () => {
    const stem = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 400 });
    const extension = fc.stringMatching(/^[a-z0-9]{1,8}$/);
    fc.assert(
      fc.property(stem, extension, (s, e) => {
        const name = `${s.replaceAll('.', '')}.${e}`;
        const cut = truncateName(name);
        expect(cut.length).toBeLessThanOrEqual(MAX_NAME_UNITS);
        if (name.length <= MAX_NAME_UNITS) {
          expect(cut).toBe(name);
        } else {
          expect(cut.endsWith(`.${e}`)).toBe(true);
          const kept = graphemes(cut.slice(0, -(e.length + 1)));
          expect(kept).toEqual(graphemes(name).slice(0, kept.length));
        }
      }),
    );
  });
});

describe('both sides keep the same name', () => {
  it.each([
    ['invoice\u202Efdp.scr', 'invoicefdp.scr'],
    [`${'课'.repeat(210)}\u200B.docx`, `${'课'.repeat(195)}.docx`],
  ])('%#: the widgets and the server store %j as %j', (name, kept) => {
    expect(cleanFileName(name)).toBe(kept);
    expect(toUploadItem(new File(['x'], name)).fileName).toBe(kept);
    expect(sanitizeName(name)).toBe(kept);
  });

  it('a folder path loses hidden formatting too', () => {
    expect(toUploadItem(new Blob(['x']), '作业\u202E/a.pdf').webkitRelativePath).toBe('作业/a.pdf');
  });
});

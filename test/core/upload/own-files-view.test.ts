import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { OwnFile } from '../../../src/core/api/types';
import { nextOwnFilesSort, type OwnFilesSortKey, viewOwnFiles } from '../../../src/core/upload/own-files-view';

// "My files" as a table (issue 56 item 9): sorting by name, size and day, paged by §9's 30, ties in name order.

const MINUTE = 60_000;
const DAY = Date.UTC(2026, 10, 2, 8, 0);
function file(name: string, size: number, keptAt: number, md5 = name): OwnFile {
  return { fileId: md5, md5, name, size, url: `/api/storage/file/${md5}`, keptAt };
}
const names = (rows: OwnFile[]) => rows.map((row) => row.name);

// Same minute for b/a/c (a few seconds apart, newest first as the server answers): shown in name order.
const LIST = [
  file('b.pdf', 300, DAY + 40_000),
  file('a.pdf', 100, DAY + 20_000),
  file('c.pdf', 300, DAY + 10_000),
  file('作业10.docx', 50, DAY - MINUTE),
  file('作业9.docx', 5000, DAY - 2 * MINUTE),
];

describe('viewOwnFiles', () => {
  it.each([
    ['day', 'desc', ['a.pdf', 'b.pdf', 'c.pdf', '作业10.docx', '作业9.docx']],
    ['day', 'asc', ['作业9.docx', '作业10.docx', 'a.pdf', 'b.pdf', 'c.pdf']],
    // zh-CN's collation puts Han before Latin; numbers inside names compare as numbers (9 before 10).
    ['name', 'asc', ['作业9.docx', '作业10.docx', 'a.pdf', 'b.pdf', 'c.pdf']],
    ['name', 'desc', ['c.pdf', 'b.pdf', 'a.pdf', '作业10.docx', '作业9.docx']],
    ['size', 'desc', ['作业9.docx', 'b.pdf', 'c.pdf', 'a.pdf', '作业10.docx']],
    ['size', 'asc', ['作业10.docx', 'a.pdf', 'b.pdf', 'c.pdf', '作业9.docx']],
  ] as const)('sorts by %s %s, ties by name', (sort, order, expected) => {
    const view = viewOwnFiles(LIST, { sort, order, page: 1, language: 'zh-CN' });
    expect(names(view.rows)).toEqual(expected);
    expect(view).toMatchObject({ page: 1, pages: 1 });
  });

  it('pages by 30 (§9) and clamps the page asked for', () => {
    const many = Array.from({ length: 51 }, (_, at) => file(`f${String(at).padStart(2, '0')}`, at, DAY - at * MINUTE));
    const first = viewOwnFiles(many, { sort: 'name', order: 'asc', page: 1, language: 'en' });
    expect(first).toMatchObject({ page: 1, pages: 2 });
    expect(first.rows).toHaveLength(30);
    const second = viewOwnFiles(many, { sort: 'name', order: 'asc', page: 2, language: 'en' });
    expect(second.rows).toHaveLength(21);
    expect(second.rows[0]?.name).toBe('f30');
    expect(viewOwnFiles(many, { sort: 'name', order: 'asc', page: 9, language: 'en' }).page).toBe(2);
    expect(viewOwnFiles(many, { sort: 'name', order: 'asc', page: 0, language: 'en' }).page).toBe(1);
    expect(viewOwnFiles([], { sort: 'day', order: 'desc', page: 1, language: 'en' })).toEqual({
      rows: [],
      page: 1,
      pages: 1,
    });
  });

  it('never loses or repeats a file across the pages, and equal keys read in name order', () => {
    // Few names, sizes and minutes: ties are common.
    const aFile = fc.record({
      name: fc.constantFrom('a', 'b', 'c', '作业', 'Z', 'a2', 'a10'),
      size: fc.integer({ min: 0, max: 3 }),
      minute: fc.integer({ min: 0, max: 3 }),
      second: fc.integer({ min: 0, max: 59 }),
    });
    const sortKey = fc.constantFrom<OwnFilesSortKey>('name', 'size', 'day');
    fc.assert(
      fc.property(
        fc.array(aFile, { maxLength: 80 }),
        sortKey,
        fc.constantFrom('asc' as const, 'desc' as const),
        fc.integer({ min: 1, max: 12 }),
        (raw, sort, order, pageSize) => {
          const list = raw.map((f, at) => file(f.name, f.size, DAY + f.minute * MINUTE + f.second * 1000, `m${at}`));
          const first = viewOwnFiles(list, { sort, order, page: 1, pageSize, language: 'en' });
          const seen: OwnFile[] = [];
          for (let page = 1; page <= first.pages; page++) {
            seen.push(...viewOwnFiles(list, { sort, order, page, pageSize, language: 'en' }).rows);
          }
          expect(seen.map((f) => f.md5).sort()).toEqual(list.map((f) => f.md5).sort());
          const minute = (f: OwnFile) => Math.floor(f.keptAt / MINUTE);
          const key = (f: OwnFile) => (sort === 'size' ? f.size : sort === 'day' ? minute(f) : f.name);
          const collator = new Intl.Collator('en', { numeric: true });
          for (let at = 1; at < seen.length; at++) {
            const [before, after] = [seen[at - 1] as OwnFile, seen[at] as OwnFile];
            if (key(before) === key(after)) expect(collator.compare(before.name, after.name)).toBeLessThanOrEqual(0);
          }
        },
      ),
    );
  });
});

describe('nextOwnFilesSort', () => {
  it('turns the order of the same column and starts another in its natural order, on page 1', () => {
    expect(nextOwnFilesSort({ sort: 'day', order: 'desc' }, 'day')).toEqual({ sort: 'day', order: 'asc', page: 1 });
    expect(nextOwnFilesSort({ sort: 'day', order: 'desc' }, 'name')).toEqual({ sort: 'name', order: 'asc', page: 1 });
    expect(nextOwnFilesSort({ sort: 'name', order: 'asc' }, 'size')).toEqual({ sort: 'size', order: 'desc', page: 1 });
  });
});

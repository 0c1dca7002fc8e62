import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  FOLD_LONGER_THAN,
  type ListRow,
  listView,
  naturalOrder,
  type StoredUploadState,
  type UploadStatus,
  unfinishedUploads,
  WAITING_SHOWN,
} from '../../../src/core/upload';

// The upload list of many files (issue 35): natural order, and a long list folded to what needs a look.

const named = (...names: string[]) => names.map((fileName) => ({ fileName, webkitRelativePath: '' }));
const rows = (...statuses: UploadStatus[]): ListRow[] =>
  statuses.map((status, index) => ({ uid: `u${index}`, state: { status } }));

describe('naturalOrder', () => {
  it.each([
    [
      ['doc10.pdf', 'doc2.pdf', 'doc1.pdf', 'Doc3.pdf'],
      ['doc1.pdf', 'doc2.pdf', 'Doc3.pdf', 'doc10.pdf'],
    ],
    [
      ['第10课.docx', '第2课.docx', '第1课.docx'],
      ['第1课.docx', '第2课.docx', '第10课.docx'],
    ],
    [
      ['img-100.jpg', 'img-20.jpg', 'img-3.jpg'],
      ['img-3.jpg', 'img-20.jpg', 'img-100.jpg'],
    ],
  ])('puts %j as %j', (given, expected) => {
    expect(naturalOrder(named(...given), 'zh-CN').map((item) => item.fileName)).toEqual(expected);
  });

  it('orders a folder by path', () => {
    const items = [
      { fileName: 'a.pdf', webkitRelativePath: 'class10/a.pdf' },
      { fileName: 'a.pdf', webkitRelativePath: 'class2/a.pdf' },
    ];
    expect(naturalOrder(items, 'en').map((item) => item.webkitRelativePath)).toEqual(['class2/a.pdf', 'class10/a.pdf']);
  });

  it('puts doc{n} in the order of n, whatever order they came in', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(10_000), { minLength: 1, maxLength: 40 }), (numbers) => {
        const sorted = naturalOrder(named(...numbers.map((n) => `doc${n}.pdf`)), 'en');
        expect(sorted.map((item) => Number(item.fileName.slice(3, -4)))).toEqual([...numbers].sort((a, b) => a - b));
      }),
    );
  });
});

describe('listView', () => {
  it('shows every row of a short list', () => {
    const short = rows(...Array<UploadStatus>(FOLD_LONGER_THAN).fill('success'));
    expect(listView(short, false)).toEqual({ shown: short.map((row) => row.uid), finished: 0, waiting: 0 });
  });

  it('folds the uploaded files and the waiting ones past the first few of a long list', () => {
    const list = rows(
      'success',
      'success',
      'uploading',
      'error',
      'paused',
      'aborted',
      'hashing',
      'queued',
      'queued',
      'idle',
      'queued',
      'queued',
    );
    expect(listView(list, false)).toEqual({
      // Everything that needs a look, then the first waiting ones.
      shown: ['u2', 'u3', 'u4', 'u5', 'u6', 'u7', 'u8', 'u9'],
      finished: 2,
      waiting: 2,
    });
    expect(WAITING_SHOWN).toBe(3);
  });

  it('shows everything when opened in full', () => {
    const list = rows(...Array<UploadStatus>(50).fill('success'));
    expect(listView(list, true).shown).toHaveLength(50);
    expect(listView(list, false)).toEqual({ shown: [], finished: 50, waiting: 0 });
  });

  it('accounts for every row once: shown or counted', () => {
    const statuses: UploadStatus[] = [
      'idle',
      'queued',
      'hashing',
      'uploading',
      'paused',
      'success',
      'error',
      'aborted',
    ];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...statuses), { maxLength: 80 }), (list) => {
        const view = listView(rows(...list), false);
        expect(view.shown.length + view.finished + view.waiting).toBe(list.length);
        expect(new Set(view.shown).size).toBe(view.shown.length);
      }),
    );
  });
});

describe('unfinishedUploads', () => {
  const kept = (fingerprint: string, extra: Partial<StoredUploadState>): StoredUploadState => ({
    fingerprint,
    md5: 'a'.repeat(32),
    size: 1000,
    updatedAt: 0,
    ...extra,
  });

  it('lists what an earlier visit left, the latest first, with the per cent the server confirmed', () => {
    const states = [
      kept('f1', { fileName: 'old.mp4', uploadedBytes: 250, updatedAt: 1 }),
      kept('f2', { fileName: 'record.mp4', uploadedBytes: 999, updatedAt: 2 }),
    ];
    expect(unfinishedUploads(states, new Set())).toEqual([
      { fingerprint: 'f2', fileName: 'record.mp4', percent: 99 },
      { fingerprint: 'f1', fileName: 'old.mp4', percent: 25 },
    ]);
  });

  it('leaves out the files the list holds, and reads a name from an older state’s fingerprint', () => {
    const older = kept(JSON.stringify(['ph-upload/1', 'class/notes.pdf', 1000, 0, '']), {});
    expect(unfinishedUploads([kept('f1', { fileName: 'a.pdf' }), older], new Set(['f1']))).toEqual([
      { fingerprint: older.fingerprint, fileName: 'class/notes.pdf', percent: 0 },
    ]);
    expect(unfinishedUploads([kept('not json', {})], new Set())).toEqual([]);
  });
});

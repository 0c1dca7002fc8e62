import { describe, expect, it } from 'vitest';
import { type ListedUpload, planChoice, type UploadSnapshot } from '../../../src/core/upload';
import { toUploadItem } from '../../../src/core/upload/item';

// Issue 35: a cancelled file chosen again stood twice in the list.
const file = (name: string, size = 10, lastModified = 1) =>
  toUploadItem(Object.assign(new Blob(['x'.repeat(size)]), { name, lastModified }));

const row = (
  uid: string,
  name: string,
  status: UploadSnapshot['status'],
  error?: UploadSnapshot['error'],
): ListedUpload => ({ uid, item: file(name), state: { status, error } });

describe('planChoice', () => {
  it.each([
    ['aborted', undefined, 'replaced'],
    ['success', undefined, 'replaced'],
    ['error', { type: 'validation' }, 'replaced'],
    ['error', { type: 'network' }, 'kept'],
    ['idle', undefined, 'kept'],
    ['queued', undefined, 'kept'],
    ['hashing', undefined, 'kept'],
    ['uploading', undefined, 'kept'],
    ['paused', undefined, 'kept'],
  ] as const)('the same file chosen again over a %s row (%o): the row is %s', (status, error, outcome) => {
    const again = file('report.pdf');
    const plan = planChoice([row('r1', 'report.pdf', status, error as UploadSnapshot['error'])], [again]);
    expect(plan).toEqual(outcome === 'replaced' ? { add: [again], replace: ['r1'] } : { add: [], replace: [] });
  });

  it('another file, or the same name with another size or date, is added beside the row', () => {
    const listed = [row('r1', 'report.pdf', 'aborted')];
    const others = [file('other.pdf'), file('report.pdf', 11), file('report.pdf', 10, 2)];
    expect(planChoice(listed, others)).toEqual({ add: others, replace: [] });
  });

  it('a file twice in one choice counts once; files in folders are told apart by their path', () => {
    const once = file('a.pdf');
    const inFolder = toUploadItem(
      Object.assign(new Blob(['x'.repeat(10)]), { name: 'a.pdf', lastModified: 1 }),
      'x/a.pdf',
    );
    expect(planChoice([], [once, file('a.pdf'), inFolder])).toEqual({ add: [once, inFolder], replace: [] });
  });
});

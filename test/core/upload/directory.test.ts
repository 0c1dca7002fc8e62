import { describe, expect, it } from 'vitest';
import {
  type DroppedItemLike,
  describeDirectory,
  filesFromDataTransfer,
  filesFromDropped,
  takeDropped,
} from '../../../src/core/upload';

const item = (uid: string, path: string) => ({
  uid,
  fileName: path.split('/').at(-1) as string,
  webkitRelativePath: path,
});

describe('directory picking (§3 directorys and dirTree)', () => {
  it('lists every folder once with its parent, each file under its folder, and nests them with level and expend', () => {
    const { directorys, dirTree } = describeDirectory([
      item('u1', 'class/week1/a.doc'),
      item('u2', 'class/week1/b.doc'),
      item('u3', 'class/notes.pdf'),
      item('u4', 'class/week2/c.doc'),
    ]);
    expect(directorys).toEqual([
      { id: 'class', fileName: 'class', type: 'directory', parentId: null },
      { id: 'class/week1', fileName: 'week1', type: 'directory', parentId: 'class' },
      { id: 'u1', fileName: 'a.doc', type: 'file', parentId: 'class/week1', uid: 'u1' },
      { id: 'u2', fileName: 'b.doc', type: 'file', parentId: 'class/week1', uid: 'u2' },
      { id: 'u3', fileName: 'notes.pdf', type: 'file', parentId: 'class', uid: 'u3' },
      { id: 'class/week2', fileName: 'week2', type: 'directory', parentId: 'class' },
      { id: 'u4', fileName: 'c.doc', type: 'file', parentId: 'class/week2', uid: 'u4' },
    ]);
    expect(dirTree).toHaveLength(1);
    const [root] = dirTree;
    expect(root).toMatchObject({ id: 'class', level: 1, expend: false });
    expect(root?.children.map((child) => [child.fileName, child.level])).toEqual([
      ['week1', 2],
      ['notes.pdf', 2],
      ['week2', 2],
    ]);
    expect(root?.children[0]?.children.map((child) => [child.fileName, child.level])).toEqual([
      ['a.doc', 3],
      ['b.doc', 3],
    ]);
  });

  it('puts single files (no relative path) at the top', () => {
    expect(describeDirectory([{ uid: 'u9', fileName: 'solo.png', webkitRelativePath: '' }]).directorys).toEqual([
      { id: 'u9', fileName: 'solo.png', type: 'file', parentId: null, uid: 'u9' },
    ]);
  });

  it('walks dropped folders (FileSystemEntry trees, read in batches) into items with their paths', async () => {
    const fileEntry = (fullPath: string) => ({
      isFile: true,
      isDirectory: false,
      name: fullPath.split('/').at(-1) as string,
      fullPath,
      file: (ok: (file: File) => void) => ok(new File(['x'], fullPath.split('/').at(-1) as string)),
    });
    const folder = (fullPath: string, batches: unknown[][]) => ({
      isFile: false,
      isDirectory: true,
      name: fullPath.split('/').at(-1) as string,
      fullPath,
      createReader: () => ({ readEntries: (ok: (entries: unknown[]) => void) => ok(batches.shift() ?? []) }),
    });
    const dropped: DroppedItemLike[] = [
      {
        kind: 'file',
        getAsFile: () => null,
        webkitGetAsEntry: () =>
          folder('/class', [
            [fileEntry('/class/a.doc')],
            [folder('/class/sub', [[fileEntry('/class/sub/b.doc')]])],
          ]) as never,
      },
      {
        kind: 'file',
        getAsFile: () => new File(['y'], 'loose.png'),
        webkitGetAsEntry: () => fileEntry('/loose.png') as never,
      },
      { kind: 'string', getAsFile: () => null },
    ];
    const items = await filesFromDataTransfer(dropped);
    expect(items.map((entry) => [entry.fileName, entry.webkitRelativePath])).toEqual([
      ['a.doc', 'class/a.doc'],
      ['b.doc', 'class/sub/b.doc'],
      ['loose.png', ''],
    ]);
  });

  it('takes a drop at once, so that the folders can still be walked after the browser has emptied the list', async () => {
    const live: DroppedItemLike[] = [
      {
        kind: 'file',
        getAsFile: () => null,
        webkitGetAsEntry: () =>
          ({
            isFile: false,
            isDirectory: true,
            name: 'term',
            fullPath: '/term',
            createReader: () => {
              let read = false;
              return {
                readEntries: (ok: (found: unknown[]) => void) => {
                  ok(
                    read
                      ? []
                      : [
                          {
                            isFile: true,
                            isDirectory: false,
                            name: 'plan.doc',
                            fullPath: '/term/plan.doc',
                            file: (give: (file: File) => void) => give(new File(['p'], 'plan.doc')),
                          },
                        ],
                  );
                  read = true;
                },
              };
            },
          }) as never,
      },
      { kind: 'file', getAsFile: () => new File(['z'], 'loose.txt') },
      { kind: 'string', getAsFile: () => null },
    ];
    const taken = takeDropped(live);
    // What Chromium does when the drop event's task ends: the items answer nothing any more.
    live.length = 0;
    expect(taken.map((entry) => entry.entry?.name ?? entry.file?.name)).toEqual(['term', 'loose.txt']);
    const items = await filesFromDropped(taken);
    expect(items.map((entry) => [entry.fileName, entry.webkitRelativePath])).toEqual([
      ['plan.doc', 'term/plan.doc'],
      ['loose.txt', ''],
    ]);
  });
});

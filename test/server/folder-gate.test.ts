import { describe, expect, it } from 'vitest';
import { FolderGate } from '../../demo/server/routes/storage/folder-gate';

// Chunk writes to one upload run side by side; a merge, a change of layout or a removal waits for them and holds new
// ones back (folder-gate.ts). Each work is a promise the test settles by hand, so the order is the gate's alone.

function deferred() {
  let settle = () => {};
  const done = new Promise<void>((resolve) => {
    settle = resolve;
  });
  return { done, settle };
}

/** Lets every queued promise callback run. */
const flush = async () => {
  for (let turn = 0; turn < 20; turn++) await Promise.resolve();
};

describe('FolderGate', () => {
  it('runs shared works together, and an exclusive one after them, holding back shared works that come later', async () => {
    const gate = new FolderGate();
    const log: string[] = [];
    const work = (name: string, until: Promise<void>) => async () => {
      log.push(`${name} starts`);
      await until;
      log.push(`${name} ends`);
    };
    const first = deferred();
    const second = deferred();
    const merge = deferred();
    const late = deferred();
    const runs = [gate.shared('f', work('write 1', first.done)), gate.shared('f', work('write 2', second.done))];
    await flush();
    runs.push(gate.exclusive('f', work('merge', merge.done)));
    await flush();
    runs.push(gate.shared('f', work('write 3', late.done)));
    runs.push(gate.shared('other', work('other upload', Promise.resolve())));
    await flush();
    expect(log).toEqual(['write 1 starts', 'write 2 starts', 'other upload starts', 'other upload ends']);
    expect(gate.busy('f')).toBe(true);
    first.settle();
    second.settle();
    await flush();
    expect(log.slice(4)).toEqual(['write 1 ends', 'write 2 ends', 'merge starts']);
    merge.settle();
    late.settle();
    await Promise.all(runs);
    expect(log.slice(7)).toEqual(['merge ends', 'write 3 starts', 'write 3 ends']);
    expect(gate.busy('f')).toBe(false);
  });

  it('never runs two exclusive works at once, and lets the next go when one fails', async () => {
    const gate = new FolderGate();
    let running = 0;
    let most = 0;
    const exclusive = (fail: boolean) =>
      gate.exclusive('f', async () => {
        running++;
        most = Math.max(most, running);
        await flush();
        running--;
        if (fail) throw new Error('merge failed');
      });
    const results = await Promise.allSettled([exclusive(true), exclusive(false), exclusive(false)]);
    expect(results.map((result) => result.status)).toEqual(['rejected', 'fulfilled', 'fulfilled']);
    expect(most).toBe(1);
    expect(gate.busy('f')).toBe(false);
  });
});

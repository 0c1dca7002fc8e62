import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { writeInBatches } from '../../demo/server/routes/storage/batched-write';

// A received chunk is written in batches of a megabyte, not a write per piece of the request body, at its offset in
// the upload's data file (batched-write.ts).

const dir = mkdtempSync(join(tmpdir(), 'ph-batched-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function* pieces(data: Buffer, sizes: number[]) {
  let offset = 0;
  for (let index = 0; offset < data.length; index++) {
    const size = sizes[index % sizes.length] as number;
    yield data.subarray(offset, offset + size);
    offset += size;
  }
}

describe('writeInBatches', () => {
  it.each([
    ['64 KB pieces, 2 MB in all', 2 * 1024 * 1024, [65_536], 1024 * 1024],
    ['uneven pieces across batch edges', 700_001, [1, 65_535, 9_999, 100_000], 200_000],
    ['one piece larger than a batch', 3_000_000, [3_000_000], 1024 * 1024],
    ['an empty body', 0, [1], 1024],
  ])('writes every byte in order: %s', async (_case, total, sizes, batch) => {
    const data = randomBytes(total);
    const path = join(dir, `out-${total}-${batch}`);
    expect(await writeInBatches(pieces(data, sizes), path, { batch })).toBe(total);
    expect(readFileSync(path).equals(data)).toBe(true);
  });

  it('passes on a failing body, with the bytes before it written and the file closed', async () => {
    const path = join(dir, 'broken');
    async function* broken() {
      yield Buffer.from('first');
      throw new Error('client went away');
    }
    await expect(writeInBatches(broken(), path, { batch: 2 })).rejects.toThrow('client went away');
    expect(readFileSync(path, 'utf8')).toBe('first');
  });

  it("writes at an offset, keeping the bytes around it, the file's gaps reading as zeros", async () => {
    const path = join(dir, 'placed');
    writeFileSync(path, Buffer.from('aaaa'));
    const bytes = randomBytes(300_000);
    expect(await writeInBatches(pieces(bytes, [65_536]), path, { at: 2, batch: 100_000 })).toBe(bytes.length);
    expect(readFileSync(path).equals(Buffer.concat([Buffer.from('aa'), bytes]))).toBe(true);
    expect(await writeInBatches(pieces(Buffer.from('zz'), [2]), path, { at: 300_010 })).toBe(2);
    expect(readFileSync(path).subarray(300_002).equals(Buffer.from('\0\0\0\0\0\0\0\0zz'))).toBe(true);
  });

  it('refuses (413) a body longer than its limit before writing any of the excess', async () => {
    const path = join(dir, 'limited');
    writeFileSync(path, Buffer.alloc(10, 1));
    const error = await writeInBatches(pieces(Buffer.alloc(8, 2), [3]), path, { at: 0, limit: 5, batch: 1 }).catch(
      (reason: unknown) => reason,
    );
    expect(error).toMatchObject({ status: 413, code: 'too_large' });
    expect([...readFileSync(path)]).toEqual([2, 2, 2, 1, 1, 1, 1, 1, 1, 1]);
  });
});

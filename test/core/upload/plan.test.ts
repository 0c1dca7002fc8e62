import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CHUNK_SIZE, MAX_CHUNKS } from '../../../src/core/api/wire';
import { chunkRange, planChunks } from '../../../src/core/upload';

const MB2 = 2 * 1024 * 1024;
const GiB = 1024 * 1024 * 1024;

describe('planChunks (§4 chunked upload, §9 2 MB chunks)', () => {
  it.each([
    // size, single, chunks, eachSize
    [0, true, 1, MB2],
    [1, true, 1, MB2],
    [MB2, true, 1, MB2], // exactly one chunk: still one piece ("at most the chunk size")
    [MB2 + 1, false, 2, MB2],
    [7 * 1024 * 1024, false, 4, MB2],
    [2 * GiB, false, 1024, MB2], // 2 GiB: exactly MAX_CHUNKS chunks of 2 MB
    [2_000_000_000, false, 954, MB2], // 2 GB
  ])('%d bytes → single %s, %d chunk(s) of %d', (size, single, chunks, eachSize) => {
    expect(planChunks(size)).toEqual({ size, single, chunks, eachSize });
  });

  it('cuts exactly 2 MB + 1 into a full chunk and a 1-byte chunk, numbered from 1', () => {
    const plan = planChunks(MB2 + 1);
    expect(chunkRange(plan, 1)).toEqual({ start: 0, end: MB2 });
    expect(chunkRange(plan, 2)).toEqual({ start: MB2, end: MB2 + 1 });
    expect(() => chunkRange(plan, 0)).toThrow(RangeError);
    expect(() => chunkRange(plan, 3)).toThrow(RangeError);
  });

  it('grows the chunks rather than exceed the server limit on their number', () => {
    const plan = planChunks(4 * GiB);
    expect(plan.chunks).toBe(MAX_CHUNKS);
    expect(plan.eachSize).toBe(4 * 1024 * 1024);
  });

  it('refuses sizes that are not whole non-negative numbers', () => {
    for (const size of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => planChunks(size)).toThrow(RangeError);
    expect(() => planChunks(10, { chunkSize: 0 })).toThrow(RangeError);
  });

  const size = fc.oneof(fc.integer({ min: 0, max: 3 * CHUNK_SIZE }), fc.integer({ min: 0, max: 8 * GiB }));
  const chunkSize = fc.integer({ min: 1, max: 16 * 1024 * 1024 });

  it('covers every byte exactly once, in order, with full chunks but the last (property)', () => {
    fc.assert(
      fc.property(size, chunkSize, (bytes, each) => {
        const plan = planChunks(bytes, { chunkSize: each });
        let next = 0;
        for (let chunk = 1; chunk <= plan.chunks; chunk++) {
          const { start, end } = chunkRange(plan, chunk);
          if (start !== next) return false;
          if (chunk < plan.chunks && end - start !== plan.eachSize) return false;
          if (end - start > plan.eachSize) return false;
          if (!plan.single && end - start < 1) return false;
          next = end;
        }
        return next === bytes;
      }),
      { numRuns: 300 },
    );
  });

  it('uploads in one piece exactly when the file fits one chunk, never above MAX_CHUNKS (property)', () => {
    fc.assert(
      fc.property(size, chunkSize, (bytes, each) => {
        const plan = planChunks(bytes, { chunkSize: each });
        return (
          plan.single === bytes <= each &&
          plan.chunks <= MAX_CHUNKS &&
          plan.eachSize >= each &&
          (plan.single ? plan.chunks === 1 : plan.chunks === Math.ceil(bytes / plan.eachSize))
        );
      }),
      { numRuns: 500 },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_CHUNK_BYTES } from '../../../src/core/api/wire';
import {
  acceptsFile,
  createMainThreadHasher,
  createUploadQueue,
  MIN_CHUNK_SIZE,
  parseByteSize,
  uploaderOptions,
} from '../../../src/core/upload';
import { MB, randomFile } from './helpers';

const KB = 1024;

describe('byte sizes written as text (max-size, chunk-size)', () => {
  it.each([
    ['1048576', MB],
    ['10MB', 10 * MB],
    ['10 mb', 10 * MB],
    ['1.5GiB', 1.5 * 1024 * MB],
    ['500k', 500 * KB],
    ['500 KB', 500 * KB],
    ['512 B', 512],
    ['512b', 512],
    ['2T', 2 * 1024 ** 4],
    [' 2m ', 2 * MB],
    ['.5M', 0.5 * MB],
    [0, 0],
    [2.7, 2],
  ])('%j is %d bytes', (text, bytes) => {
    expect(parseByteSize(text)).toBe(bytes);
  });

  it.each(['', 'big', '-1MB', '10 MBs', '1e6', '10 PB', 'MB', '1,000', Number.NaN, -5, Number.POSITIVE_INFINITY])(
    '%j is not a size',
    (text) => {
      expect(parseByteSize(text)).toBeUndefined();
    },
  );

  it('reads back any whole number of any unit it writes', () => {
    const units = [
      ['', 1],
      ['k', KB],
      ['MB', MB],
      ['GiB', 1024 * MB],
    ] as const;
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.constantFrom(...units), (count, [unit, factor]) => {
        expect(parseByteSize(`${count}${unit}`)).toBe(count * factor);
      }),
    );
  });
});

describe("the element's attributes as engine options", () => {
  it('leaves every default alone when nothing is written', () => {
    expect(uploaderOptions({})).toEqual({});
    expect(uploaderOptions({ serverid: ' ', accept: '', chunkSize: 'huge', parallel: '0', maxSize: 'x' })).toEqual({});
  });

  it('reads serverid, sizes with units, parallel chunks, accept and retry delays', () => {
    expect(
      uploaderOptions({
        serverid: ' homework ',
        chunkSize: '4MB',
        parallel: '5',
        maxSize: '200MB',
        accept: '.pdf,image/*',
        retryDelays: '[100, 500]',
      }),
    ).toEqual({
      serverid: 'homework',
      chunkSize: 4 * MB,
      parallel: 5,
      maxSize: 200 * MB,
      accept: '.pdf,image/*',
      retryDelays: [100, 500],
    });
  });

  it('keeps the chunk size between 64 KB and what the server takes per chunk (10 MB)', () => {
    expect(uploaderOptions({ chunkSize: '1k' }).chunkSize).toBe(MIN_CHUNK_SIZE);
    expect(uploaderOptions({ chunkSize: '64MB' }).chunkSize).toBe(MAX_CHUNK_BYTES);
  });

  it.each(['1.5', '-2', 'three', ''])('ignores parallel=%j', (parallel) => {
    expect(uploaderOptions({ parallel })).toEqual({});
  });

  it.each(['[1000', '{"a":1}', '[-1]', '["1s"]', '[700000]'])('ignores retry-delays=%s', (retryDelays) => {
    expect(uploaderOptions({ retryDelays })).toEqual({});
  });
});

describe('the accept list (as a file input reads it)', () => {
  const pdf = { name: 'Plan.PDF', type: 'application/pdf' };
  const photo = { name: 'class.jpg', type: 'image/jpeg' };
  const video = { name: 'lesson.mp4', type: 'video/mp4' };

  it('takes anything without a list', () => {
    for (const accept of [undefined, '', ' , ']) expect(acceptsFile(video, accept)).toBe(true);
  });

  it('matches extensions in any case, MIME types, and type families', () => {
    expect(acceptsFile(pdf, '.pdf')).toBe(true);
    expect(acceptsFile(pdf, 'application/pdf')).toBe(true);
    expect(acceptsFile(photo, '.pdf, image/*')).toBe(true);
    expect(acceptsFile(video, '.pdf, image/*')).toBe(false);
    expect(acceptsFile(video, 'VIDEO/MP4')).toBe(true);
    expect(acceptsFile({ name: 'pdf', type: '' }, '.pdf')).toBe(false);
    expect(acceptsFile({ name: 'x.mp4', type: '' }, 'video/*')).toBe(false);
  });
});

describe('a queue takes options per add', () => {
  it('uses the options given with the files over its own, for those files only', async () => {
    const queue = createUploadQueue({ maxSize: 10 * MB, hasher: createMainThreadHasher(), store: null });
    const [first] = queue.add([randomFile(3 * MB, 'a.mp4')]);
    const [second] = queue.add([randomFile(3 * MB, 'b.mp4')], { maxSize: 2 * MB });
    expect(first?.$state.get().status).toBe('idle');
    expect(second?.$state.get()).toMatchObject({ status: 'error', error: { type: 'validation' } });
  });
});

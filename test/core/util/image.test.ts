import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compressImage, fitWithin, type ImageAdapter } from '../../../src/core/util';

describe('fitWithin (§9 max 500 × 500, aspect kept)', () => {
  it.each([
    [
      { width: 1000, height: 500 },
      { width: 500, height: 250 },
    ],
    [
      { width: 400, height: 2000 },
      { width: 100, height: 500 },
    ],
    [
      { width: 300, height: 200 },
      { width: 300, height: 200 },
    ],
    [
      { width: 5000, height: 1 },
      { width: 500, height: 1 },
    ],
  ])('%o → %o', (source, size) => {
    expect(fitWithin(source)).toEqual(size);
  });

  it('stays inside the box, never enlarges, and keeps the aspect ratio', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10000 }),
        fc.integer({ min: 1, max: 10000 }),
        fc.integer({ min: 1, max: 2000 }),
        fc.integer({ min: 1, max: 2000 }),
        (width, height, maxWidth, maxHeight) => {
          const size = fitWithin({ width, height }, maxWidth, maxHeight);
          expect(size.width).toBeLessThanOrEqual(Math.max(maxWidth, 1));
          expect(size.height).toBeLessThanOrEqual(Math.max(maxHeight, 1));
          expect(size.width).toBeLessThanOrEqual(width);
          expect(size.height).toBeLessThanOrEqual(height);
          // One side touches the box (or the image was already small enough).
          const fits = width <= maxWidth && height <= maxHeight;
          if (fits) expect(size).toEqual({ width, height });
          else expect(size.width === maxWidth || size.height === maxHeight).toBe(true);
          // Rounding moves each side by at most half a pixel from the exact ratio.
          const ratio = Math.min(1, maxWidth / width, maxHeight / height);
          expect(Math.abs(size.width - width * ratio)).toBeLessThanOrEqual(Math.max(0.5, 1 - width * ratio));
          expect(Math.abs(size.height - height * ratio)).toBeLessThanOrEqual(Math.max(0.5, 1 - height * ratio));
        },
      ),
    );
  });
});

describe('compressImage (§9 quality 0.8)', () => {
  const fakeAdapter = (width: number, height: number) => {
    const calls: unknown[] = [];
    const adapter: ImageAdapter = {
      decode: async () => ({ source: {} as CanvasImageSource, width, height }),
      encode: async (_image, size, type, quality) => {
        calls.push({ size, type, quality });
        return new Blob(['compressed'], { type });
      },
    };
    return { adapter, calls };
  };

  it('encodes JPEG at quality 0.8 within 500 × 500 and keeps the name', async () => {
    const { adapter, calls } = fakeAdapter(2000, 1000);
    const file = new File(['original'], 'photo.PNG', { type: 'image/png', lastModified: 42 });
    const result = await compressImage(file, { adapter });
    expect(calls).toEqual([{ size: { width: 500, height: 250 }, type: 'image/jpeg', quality: 0.8 }]);
    expect(result).toBeInstanceOf(File);
    expect(result.name).toBe('photo.jpg');
    expect(result.type).toBe('image/jpeg');
    expect(result.lastModified).toBe(42);
    expect(await result.text()).toBe('compressed');
  });

  it('takes other limits, quality and type', async () => {
    const { adapter, calls } = fakeAdapter(800, 800);
    const file = new File(['x'], 'avatar', { type: 'image/jpeg' });
    const result = await compressImage(file, {
      adapter,
      maxWidth: 100,
      maxHeight: 200,
      quality: 0.5,
      type: 'image/webp',
    });
    expect(calls).toEqual([{ size: { width: 100, height: 100 }, type: 'image/webp', quality: 0.5 }]);
    expect(result.name).toBe('avatar.webp');
  });

  it('releases the decoded image, also when encoding fails', async () => {
    let released = 0;
    const adapter: ImageAdapter = {
      decode: async () => ({ source: {} as CanvasImageSource, width: 10, height: 10, release: () => released++ }),
      encode: async () => {
        throw new Error('encoder broke');
      },
    };
    await expect(compressImage(new File(['x'], 'a.png'), { adapter })).rejects.toThrow('encoder broke');
    expect(released).toBe(1);
  });
});

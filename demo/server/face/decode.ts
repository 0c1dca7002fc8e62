import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

// Face photos as pixels, and as the only bytes the server keeps of them: decoded and encoded again, so whatever rode
// along in the file (a script after the JPEG's end, metadata) is gone (issue 37, F14).

/** Larger photos are refused before decoding: a face photo needs far less, and memory is 4 bytes a pixel. */
const MAX_PIXELS = 25_000_000;
/** The stored photo's JPEG quality: a face photo shown back to its owner, not a master copy. */
const STORED_QUALITY = 90;

export class ImageProblem extends Error {
  constructor(readonly kind: 'unsupported' | 'undecodable' | 'too_large') {
    super(kind);
  }
}

/** RGB pixels of a JPEG or PNG (the two formats a camera capture or a chosen photo comes in). */
export function decodeRgb(bytes: Uint8Array): { width: number; height: number; rgb: Uint8Array } {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer[0] === 0xff && buffer[1] === 0xd8) {
    try {
      const image = jpeg.decode(buffer, {
        useTArray: true,
        formatAsRGBA: false,
        maxResolutionInMP: MAX_PIXELS / 1e6,
        maxMemoryUsageInMB: 256,
      });
      return { width: image.width, height: image.height, rgb: image.data };
    } catch (error) {
      throw new ImageProblem(/maxResolutionInMP|memory/i.test(String(error)) ? 'too_large' : 'undecodable');
    }
  }
  if (buffer.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    if (buffer.length < 24) throw new ImageProblem('undecodable');
    if (buffer.readUInt32BE(16) * buffer.readUInt32BE(20) > MAX_PIXELS) throw new ImageProblem('too_large');
    let png: PNG;
    try {
      png = PNG.sync.read(buffer);
    } catch {
      throw new ImageProblem('undecodable');
    }
    const rgb = new Uint8Array(png.width * png.height * 3);
    for (let source = 0, target = 0; source < png.data.length; source += 4, target += 3) {
      rgb[target] = png.data[source]!;
      rgb[target + 1] = png.data[source + 1]!;
      rgb[target + 2] = png.data[source + 2]!;
    }
    return { width: png.width, height: png.height, rgb };
  }
  throw new ImageProblem('unsupported');
}

/** The photo as the server stores it: its pixels encoded again as a JPEG, nothing else of the upload kept. */
export function reencodedJpeg(bytes: Uint8Array): Buffer {
  const { width, height, rgb } = decodeRgb(bytes);
  const rgba = Buffer.alloc(width * height * 4, 255);
  for (let source = 0, target = 0; source < rgb.length; source += 3, target += 4) {
    rgba[target] = rgb[source]!;
    rgba[target + 1] = rgb[source + 1]!;
    rgba[target + 2] = rgb[source + 2]!;
  }
  return jpeg.encode({ data: rgba, width, height }, STORED_QUALITY).data;
}

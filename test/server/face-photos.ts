import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';

// Face photos for the tests, made from the sample photos that ship inside @vladmandic/face-api (group photos of
// different people): crops around one face, at other sizes, margins and JPEG qualities.

const require = createRequire(import.meta.url);
export const SAMPLE_DIR = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

/** Faces found by SSD MobileNet in the full-size samples: sample number and box (x, y, side) in px. */
export const FACES = {
  /** sample2, the woman on the right. */
  a: { sample: 2, x: 1447, y: 153, side: 193 },
  /** sample1, the woman on the left. */
  c: { sample: 1, x: 414, y: 355, side: 178 },
  /** sample3, the woman on the left. */
  d: { sample: 3, x: 585, y: 329, side: 199 },
} as const;
export type FaceName = keyof typeof FACES;

const decoded = new Map<number, { width: number; height: number; data: Uint8Array }>();
function sample(n: number) {
  let image = decoded.get(n);
  if (!image) {
    image = jpeg.decode(readFileSync(join(SAMPLE_DIR, `sample${n}.jpg`)), { useTArray: true });
    decoded.set(n, image);
  }
  return image;
}

export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A region of a sample scaled to `width` × `height` (bilinear) and encoded as JPEG. */
export function cropPhoto(n: number, region: Region, width: number, height: number, quality = 92): Buffer {
  const source = sample(n);
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const sx = Math.min(source.width - 1.001, Math.max(0, region.x + ((x + 0.5) * region.width) / width - 0.5));
      const sy = Math.min(source.height - 1.001, Math.max(0, region.y + ((y + 0.5) * region.height) / height - 0.5));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const at = (px: number, py: number) => source.data[(py * source.width + px) * 4 + c]!;
        const top = at(x0, y0) * (1 - fx) + at(x0 + 1, y0) * fx;
        const bottom = at(x0, y0 + 1) * (1 - fx) + at(x0 + 1, y0 + 1) * fx;
        data[(y * width + x) * 4 + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
      data[(y * width + x) * 4 + 3] = 255;
    }
  }
  return jpeg.encode({ data, width, height }, quality).data;
}

export interface FaceCropOptions {
  /** Side of the square crop as a multiple of the face box (default 2.5: head and shoulders). */
  zoom?: number;
  /** Output side in px (default 480, the widget's capture size). */
  size?: number;
  quality?: number;
  /** Moves the crop by this share of the face box (the face off centre). */
  shiftX?: number;
  shiftY?: number;
}

/** A square photo of one face, as the widget would capture it. */
export function facePhoto(name: FaceName, options: FaceCropOptions = {}): Buffer {
  const face = FACES[name];
  const { zoom = 2.5, size = 480, quality = 92, shiftX = 0, shiftY = 0 } = options;
  const side = face.side * zoom;
  const cx = face.x + face.side / 2 + shiftX * face.side;
  const cy = face.y + face.side / 2 + shiftY * face.side;
  return cropPhoto(face.sample, { x: cx - side / 2, y: cy - side / 2, width: side, height: side }, size, size, quality);
}

/** Part of sample2 with nobody in it (the blinds above the sofa). */
export function noFacePhoto(): Buffer {
  return cropPhoto(2, { x: 0, y: 0, width: 400, height: 400 }, 480, 480);
}

/** Part of sample1 with the two women on the left. */
export function twoFacesPhoto(): Buffer {
  return cropPhoto(1, { x: 250, y: 150, width: 880, height: 660 }, 640, 480);
}

import { randomFillSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

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

/** How far the picture moves at an output pixel, in output px: a face made to turn or open its mouth. */
export type Displacement = (x: number, y: number) => { dx: number; dy: number };

/**
 * A region of a sample scaled to `width` × `height` (bilinear), optionally displaced, and encoded as JPEG. The loop
 * makes no function per pixel: under tsx (the e2e runner), which keeps functions' names by a call made for each one
 * created, a closure per channel cost 1 CPU second a 640 px picture, 0.2 now (the same bytes).
 */
export function cropPhoto(
  n: number,
  region: Region,
  width: number,
  height: number,
  quality = 92,
  displace?: Displacement,
): Buffer {
  const source = sample(n);
  const pixels = source.data;
  const row = source.width * 4;
  const data = Buffer.alloc(width * height * 4);
  const scaleX = region.width / width;
  const scaleY = region.height / height;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let dx = 0;
      let dy = 0;
      if (displace) ({ dx, dy } = displace(x, y));
      const sx = Math.min(source.width - 1.001, Math.max(0, region.x + (x - dx + 0.5) * scaleX - 0.5));
      const sy = Math.min(source.height - 1.001, Math.max(0, region.y + (y - dy + 0.5) * scaleY - 0.5));
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const fx = sx - x0;
      const fy = sy - y0;
      const topLeft = y0 * row + x0 * 4;
      const bottomLeft = topLeft + row;
      const out = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const top = pixels[topLeft + c]! * (1 - fx) + pixels[topLeft + 4 + c]! * fx;
        const bottom = pixels[bottomLeft + c]! * (1 - fx) + pixels[bottomLeft + 4 + c]! * fx;
        data[out + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
      data[out + 3] = 255;
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
  /** Moves parts of the picture (liveness frames: a head turned, a mouth opened), in output px. */
  displace?: Displacement;
}

/** A square photo of one face, as the widget would capture it. */
export function facePhoto(name: FaceName, options: FaceCropOptions = {}): Buffer {
  const face = FACES[name];
  const { zoom = 2.5, size = 480, quality = 92, shiftX = 0, shiftY = 0, displace } = options;
  const side = face.side * zoom;
  const cx = face.x + face.side / 2 + shiftX * face.side;
  const cy = face.y + face.side / 2 + shiftY * face.side;
  const region = { x: cx - side / 2, y: cy - side / 2, width: side, height: side };
  return cropPhoto(face.sample, region, size, size, quality, displace);
}

/** Part of sample2 with nobody in it (the blinds above the sofa). */
export function noFacePhoto(): Buffer {
  return cropPhoto(2, { x: 0, y: 0, width: 400, height: 400 }, 480, 480);
}

/** Part of sample1 with the two women on the left. */
export function twoFacesPhoto(): Buffer {
  return cropPhoto(1, { x: 250, y: 150, width: 880, height: 660 }, 640, 480);
}

/** How far along its action each liveness frame is: still, moving, held, and back. */
const ACTION_PROGRESS = [0, 0.35, 0.7, 1, 1, 0.7, 0.35, 0];

/** An ellipse of a picture in px: its centre and half-sizes. */
export interface Ellipse {
  x: number;
  y: number;
  rx: number;
  ry: number;
}

/**
 * A head turned: the middle of the face moves sideways by `px` against its outline (the most at the centre of
 * `middle`, falling smoothly to nothing at its edges), which is how a turn looks in two dimensions. `px` > 0 moves it
 * toward the picture's right: the person's own left.
 */
export function turnedHead(middle: Ellipse, px: number): Displacement {
  return (x, y) => {
    const u = (x - middle.x) / middle.rx;
    const v = (y - middle.y) / middle.ry;
    if (Math.abs(u) >= 1 || Math.abs(v) >= 1) return { dx: 0, dy: 0 };
    return { dx: px * Math.cos((u * Math.PI) / 2) * Math.cos((v * Math.PI) / 2), dy: 0 };
  };
}

/** A face's middle (between the ends of its jaw line) as shares of a facePhoto's side: the crop centres the face. */
const FACE_MIDDLE = { x: 0.49, y: 0.58, rx: 0.24, ry: 0.24 };

/**
 * What the frames show. An open mouth is not among them: stretching closed lips apart leaves no dark gap, and the
 * landmark net does not see it open (core's rule is tested on landmark tables instead).
 */
export type FrameAction = 'turnLeft' | 'turnRight' | 'none';

/**
 * The frames a camera would record of `face` doing `action`, at `size` px (as the widget sends them). No two alike:
 * each has its own JPEG quality; frames of another size are other bytes again. Turning to one's own left moves the
 * nose toward the picture's right.
 */
export function actionFrames(action: FrameAction, size = 320, face: FaceName = 'a'): Buffer[] {
  return ACTION_PROGRESS.map((progress, i) => {
    const amount = action === 'turnLeft' ? 0.07 : action === 'turnRight' ? -0.07 : 0;
    const middle = {
      x: FACE_MIDDLE.x * size,
      y: FACE_MIDDLE.y * size,
      rx: FACE_MIDDLE.rx * size,
      ry: FACE_MIDDLE.ry * size,
    };
    const displace = turnedHead(middle, amount * progress * size);
    return facePhoto(face, { size, quality: 90 - i, displace });
  });
}

/** The woman of sample2 as the tests' camera shows her (test/media/face.ts): a region of the sample, 4 : 3. */
export const CAMERA_REGION = { x: 1058, y: -64, width: 975, height: 731 };
/** Her face in that picture at 640 × 480: the middle between her jaw line's ends, and its half size, in px. */
export const CAMERA_FACE_MIDDLE = { x: 317, y: 230, rx: 68, ry: 85 };
/** How far a whole turn moves the middle of her face against its outline at 640 px: her headTurn moves by 0.2. */
export const CAMERA_TURN_PX = 22;

/**
 * The camera's picture of her at `width` px (4 : 3), her head turned by `turn` whole turns: positive to her own
 * left (the picture's right), negative to her right; fractions are the poses on the way.
 */
export function cameraPicture(turn: number, width = 640, quality = 88): Buffer {
  const scale = width / 640;
  const middle = {
    x: CAMERA_FACE_MIDDLE.x * scale,
    y: CAMERA_FACE_MIDDLE.y * scale,
    rx: CAMERA_FACE_MIDDLE.rx * scale,
    ry: CAMERA_FACE_MIDDLE.ry * scale,
  };
  const displace = turn === 0 ? undefined : turnedHead(middle, CAMERA_TURN_PX * turn * scale);
  return cropPhoto(2, CAMERA_REGION, width, Math.round((width * 3) / 4), quality, displace);
}

/** Which way a turn moves her head in cameraPicture's terms. */
const TURN_SIDE = { turnLeft: 1, turnRight: -1 } as const;

/**
 * The frames a person makes of a challenge's two turns, at 320 px as the widget sends them: half way, beyond, then
 * a little past the middle on the way back, and beyond on the other side. `reach` is how far each turn goes and
 * `midway` where the first frame on the way is (both in whole turns): frames of another reach are other pictures.
 */
export function movementFrames(
  actions: readonly ('turnLeft' | 'turnRight')[],
  { reach = 1.4, midway = 0.55 }: { reach?: number; midway?: number } = {},
): Buffer[] {
  const [first, second] = actions.map((action) => TURN_SIDE[action]);
  const turns = [midway * first!, reach * first!, 0.25 * second!, reach * second!];
  // Each reach its own JPEG qualities: the frames of two uses are never the same bytes (a byte replay).
  return turns.map((turn, i) => cameraPicture(turn, 320, Math.round(70 + reach * 10 + midway * 5) - i));
}

/** A real 8 × 8 PNG of random pixels: to the digest matcher, each one another face. */
export function randomPng(): Buffer {
  const image = new PNG({ width: 8, height: 8 });
  randomFillSync(image.data);
  return PNG.sync.write(image);
}

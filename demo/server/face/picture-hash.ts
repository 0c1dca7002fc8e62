import type { LandmarkPoint } from '../../../src/core/face/liveness';

// Pictures judged as pictures (issue 54): a perceptual hash of the face, aligned on its eyes, so that a re-encoded,
// brightened or cropped copy of a photo hashes (nearly) alike while the bytes differ in every place. The mirror of a
// photo aligns to the mirror of its face, so its hash is the hash of the flipped face.

/** The aligned face: a square of this many px a side, the eyes on one row, symmetric about the middle. */
const SIDE = 32;
/** Where the eyes' centres land in the square: x of the one on the image's left, the other mirrored; y of both. */
const EYE_X = 10;
const EYE_Y = 12;
/** Samples averaged per px of the square on each axis: the face is some 100 px wide, the square 32. */
const SUPERSAMPLE = 3;
/** The low frequencies kept: 8 × 8 DCT coefficients give 64 bits. */
const KEPT = 8;

export interface RgbImage {
  width: number;
  height: number;
  /** Three bytes a pixel, row by row. */
  rgb: Uint8Array;
}

const mean = (points: readonly LandmarkPoint[], from: number, to: number): LandmarkPoint => {
  let x = 0;
  let y = 0;
  for (let i = from; i <= to; i++) {
    x += points[i]!.x;
    y += points[i]!.y;
  }
  const n = to - from + 1;
  return { x: x / n, y: y / n };
};

/** Grey level of the image at a point, bilinear, 0 outside. */
function greyAt(image: RgbImage, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 + 1 >= image.width || y0 + 1 >= image.height) return 0;
  const fx = x - x0;
  const fy = y - y0;
  const grey = (px: number, py: number) => {
    const at = (py * image.width + px) * 3;
    return 0.299 * image.rgb[at]! + 0.587 * image.rgb[at + 1]! + 0.114 * image.rgb[at + 2]!;
  };
  const top = grey(x0, y0) * (1 - fx) + grey(x0 + 1, y0) * fx;
  const bottom = grey(x0, y0 + 1) * (1 - fx) + grey(x0 + 1, y0 + 1) * fx;
  return top * (1 - fy) + bottom * fy;
}

/** The face as a SIDE × SIDE grey square: turned, scaled and moved so that its eyes sit at EYE_X/EYE_Y. */
export function alignedFace(image: RgbImage, landmarks: readonly LandmarkPoint[]): Float64Array {
  const leftEye = mean(landmarks, 36, 41);
  const rightEye = mean(landmarks, 42, 47);
  const scale = Math.hypot(rightEye.x - leftEye.x, rightEye.y - leftEye.y) / (SIDE - 2 * EYE_X);
  const angle = Math.atan2(rightEye.y - leftEye.y, rightEye.x - leftEye.x);
  const cos = Math.cos(angle) * scale;
  const sin = Math.sin(angle) * scale;
  const middle = { x: (leftEye.x + rightEye.x) / 2, y: (leftEye.y + rightEye.y) / 2 };
  const square = new Float64Array(SIDE * SIDE);
  for (let v = 0; v < SIDE; v++) {
    for (let u = 0; u < SIDE; u++) {
      let sum = 0;
      for (let sv = 0; sv < SUPERSAMPLE; sv++) {
        for (let su = 0; su < SUPERSAMPLE; su++) {
          const du = u + (su + 0.5) / SUPERSAMPLE - SIDE / 2;
          const dv = v + (sv + 0.5) / SUPERSAMPLE - EYE_Y;
          sum += greyAt(image, middle.x + du * cos - dv * sin, middle.y + du * sin + dv * cos);
        }
      }
      square[v * SIDE + u] = sum / SUPERSAMPLE ** 2;
    }
  }
  return square;
}

/** The square seen in a mirror. */
export function flipped(square: Float64Array): Float64Array {
  const out = new Float64Array(square.length);
  for (let v = 0; v < SIDE; v++) for (let u = 0; u < SIDE; u++) out[v * SIDE + u] = square[v * SIDE + SIDE - 1 - u]!;
  return out;
}

const COSINES = Array.from({ length: KEPT }, (_, k) =>
  Array.from({ length: SIDE }, (_, n) => Math.cos((Math.PI * (2 * n + 1) * k) / (2 * SIDE))),
);

/**
 * The 64-bit perceptual hash of an aligned face, as 16 hex digits: each of the 8 × 8 lowest DCT frequencies (the
 * constant term left out, it is the brightness) above or below their median.
 */
export function pictureHash(square: Float64Array): string {
  const rows = new Float64Array(SIDE * KEPT);
  for (let v = 0; v < SIDE; v++) {
    for (let k = 0; k < KEPT; k++) {
      let sum = 0;
      for (let u = 0; u < SIDE; u++) sum += square[v * SIDE + u]! * COSINES[k]![u]!;
      rows[v * KEPT + k] = sum;
    }
  }
  const coefficients: number[] = [];
  for (let j = 0; j < KEPT; j++) {
    for (let k = 0; k < KEPT; k++) {
      let sum = 0;
      for (let v = 0; v < SIDE; v++) sum += rows[v * KEPT + k]! * COSINES[j]![v]!;
      coefficients.push(sum);
    }
  }
  const ac = coefficients.slice(1);
  const median = [...ac].sort((a, b) => a - b)[Math.floor(ac.length / 2)]!;
  let bits = 0n;
  for (const [i, value] of coefficients.entries()) if (i > 0 && value > median) bits |= 1n << BigInt(i);
  return bits.toString(16).padStart(16, '0');
}

/** How many of the 64 bits two hashes differ in. */
export function hashDistance(a: string, b: string): number {
  let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
  let count = 0;
  while (diff) {
    count += Number(diff & 1n);
    diff >>= 1n;
  }
  return count;
}

/** The face's hash and the hash of its mirror. */
export function faceHashes(image: RgbImage, landmarks: readonly LandmarkPoint[]): { hash: string; mirror: string } {
  const square = alignedFace(image, landmarks);
  return { hash: pictureHash(square), mirror: pictureHash(flipped(square)) };
}

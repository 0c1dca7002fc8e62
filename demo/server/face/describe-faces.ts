import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { headTurn, TURN_DETECTOR_INPUT } from '../../../src/core/face/liveness';
import { decodeRgb, ImageProblem } from './decode';
import { FACE_MODEL_DIR as MODEL_DIR } from './models';
import { faceHashes } from './picture-hash';

// The descriptor worker's body (started through descriptor-worker.mjs): decodes a photo, finds the faces with
// face-api's tiny face detector (SSD MobileNet when it finds none), their landmarks, each one's 128-value descriptor
// and the perceptual hash of the face, on TensorFlow.js's WebAssembly backend. It runs in a worker thread because a
// photo takes tens of ms of CPU, which would otherwise stall every other request of the server.
//
// The tiny detector (issue 54): SSD MobileNet took 300 of a photo's 360 ms here, and a clock-in looks at the photo
// and four frames or more. The faces a camera sends are large and upright, which it finds; a photo it finds nothing
// in goes to SSD, so that a chosen picture with a small face still registers. A liveness frame is read at the
// widget's own input (TURN_DETECTOR_INPUT): a quarter of the detector's work at 416, and the widget's reading.

const require = createRequire(import.meta.url);
type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');
type Tf = typeof import('@tensorflow/tfjs');

/** Detections below this score are not faces (face-api's default). */
const MIN_CONFIDENCE = 0.5;
/** The tiny detector's input side: a 480 px capture's face (some 170 px) stays well above its smallest. */
const TINY_INPUT = 416;

export interface FoundFace {
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** The 68 landmarks in image px (face-api's numbering), for the liveness challenge. */
  landmarks: { x: number; y: number }[];
  descriptor: Float32Array;
  /** `headTurn` of the face as the widget reads it (turnsOf). */
  turn: number;
  /** The perceptual hash of the face aligned on its eyes, and of its mirror (picture-hash.ts). */
  hash: string;
  mirrorHash: string;
}

export type DescribeRequest =
  | { id: number; image: Uint8Array; picture?: 'photo' | 'still' | 'frame' }
  | { id: number; warm: true };

export type DescribeReply =
  | { id: number; ok: true; width: number; height: number; faces: FoundFace[]; ms: number; totalMs: number }
  | { id: number; ok: true; warmed: true; ms: number }
  | { id: number; ok: false; error: 'unsupported' | 'undecodable' | 'too_large' | 'internal'; message?: string };

let engine: Promise<{ tf: Tf; faceapi: FaceApi }> | null = null;

/** Loads the backend and the three models once, on the first request. */
function loadEngine(): Promise<{ tf: Tf; faceapi: FaceApi }> {
  engine ??= (async () => {
    const tf = require('@tensorflow/tfjs') as Tf;
    require('@tensorflow/tfjs-backend-wasm');
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    await tf.setBackend('wasm');
    await tf.ready();
    await faceapi.nets.tinyFaceDetector.loadFromDisk(MODEL_DIR);
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(MODEL_DIR);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(MODEL_DIR);
    await faceapi.nets.faceLandmark68TinyNet.loadFromDisk(MODEL_DIR);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(MODEL_DIR);
    return { tf, faceapi };
  })();
  return engine;
}

/** What a picture is for: a photo to describe, or a liveness challenge's still or frame (matcher.ts ObservedPicture). */
type Picture = 'photo' | 'still' | 'frame';

type Detection = Parameters<FaceApi['extractFaceTensors']>[1][number];

/**
 * The head's turn on the tiny landmark net for each box: the net the widget follows the turns with (the full net
 * read the tests' turns some 0.03 apart, enough to refuse what the widget sent).
 */
async function turnsOf(faceapi: FaceApi, tensor: unknown, boxes: Detection[]): Promise<number[]> {
  const crops = await faceapi.extractFaceTensors(tensor as never, boxes);
  try {
    const tiny = await Promise.all(crops.map((crop) => faceapi.nets.faceLandmark68TinyNet.detectLandmarks(crop)));
    return tiny.map((found) => headTurn((found as { positions: { x: number; y: number }[] }).positions));
  } finally {
    for (const crop of crops) crop.dispose();
  }
}

/**
 * The picture on a square of zeros, at its top left: what face-api's nets do to every input before resizing it
 * (`padToSquare`, zeros at the bottom or right), done once here instead of by a tensor concat in each net's call,
 * which took a sixth of the worker's time (issue 54). Coordinates are the picture's own either way.
 */
function squared(rgb: Uint8Array, width: number, height: number): Uint8Array {
  if (width === height) return rgb;
  const side = Math.max(width, height);
  const square = new Uint8Array(side * side * 3);
  const row = width * 3;
  for (let y = 0; y < height; y++) square.set(rgb.subarray(y * row, (y + 1) * row), y * side * 3);
  return square;
}

async function describe(
  image: Uint8Array,
  picture: Picture,
): Promise<Omit<Extract<DescribeReply, { faces: FoundFace[] }>, 'id'>> {
  const received = performance.now();
  const decoded = decodeRgb(image);
  const { width, height, rgb } = decoded;
  const { tf, faceapi } = await loadEngine();
  const started = performance.now();
  const side = Math.max(width, height);
  const tensor = tf.tensor3d(squared(rgb, width, height), [side, side, 3], 'int32');
  try {
    const find = (options: Parameters<FaceApi['detectAllFaces']>[1]) =>
      faceapi
        .detectAllFaces(tensor as never, options)
        .withFaceLandmarks()
        .withFaceDescriptors();
    const tiny = (inputSize: number) =>
      new faceapi.TinyFaceDetectorOptions({ inputSize, scoreThreshold: MIN_CONFIDENCE });
    // A challenge's pictures are framed faces, found as the widget finds them: a quarter of the work at 416, and the
    // widget's reading of the turns. A photo's face may be small: 416, then SSD.
    let found = picture === 'photo' ? [] : await find(tiny(TURN_DETECTOR_INPUT));
    if (found.length === 0 && picture !== 'frame') found = await find(tiny(TINY_INPUT));
    if (found.length === 0 && picture !== 'frame') {
      found = await find(new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }));
    }
    const turns = await turnsOf(
      faceapi,
      tensor,
      found.map(({ detection }) => detection),
    );
    const faces = found.map(({ detection, landmarks, descriptor }, i) => {
      const points = landmarks.positions.map(({ x, y }) => ({ x, y }));
      const { hash, mirror } = faceHashes(decoded, points);
      const box = { x: detection.box.x, y: detection.box.y, width: detection.box.width, height: detection.box.height };
      return { score: detection.score, box, landmarks: points, turn: turns[i]!, descriptor, hash, mirrorHash: mirror };
    });
    const now = performance.now();
    return { ok: true, width, height, faces, ms: now - started, totalMs: now - received };
  } finally {
    tensor.dispose();
  }
}

async function answer(request: DescribeRequest): Promise<DescribeReply> {
  const { id } = request;
  try {
    if ('warm' in request) {
      const started = performance.now();
      await loadEngine();
      return { id, ok: true, warmed: true, ms: performance.now() - started };
    }
    return { id, ...(await describe(request.image, request.picture ?? 'photo')) };
  } catch (error) {
    if (error instanceof ImageProblem) return { id, ok: false, error: error.kind };
    return { id, ok: false, error: 'internal', message: error instanceof Error ? error.message : String(error) };
  }
}

// One photo at a time: the backend is single-threaded anyway, and memory stays at one photo's tensors.
let queue: Promise<void> = Promise.resolve();
parentPort?.on('message', (request: DescribeRequest) => {
  queue = queue.then(async () => parentPort?.postMessage(await answer(request)));
});

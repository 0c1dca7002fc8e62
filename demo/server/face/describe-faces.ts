import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { decodeRgb, ImageProblem } from './decode';
import { FACE_MODEL_DIR as MODEL_DIR } from './models';

// The descriptor worker's body (started through descriptor-worker.mjs): decodes a photo, finds the faces with
// face-api's SSD MobileNet detector and computes each one's 128-value descriptor, on TensorFlow.js's WebAssembly
// backend. It runs in a worker thread because a photo takes a few hundred ms of CPU, which would otherwise stall
// every other request of the server.

const require = createRequire(import.meta.url);
type FaceApi = typeof import('@vladmandic/face-api/dist/face-api.node-wasm.js');
type Tf = typeof import('@tensorflow/tfjs');
type FaceDetection = import('@vladmandic/face-api').FaceDetection;
type FaceLandmarks = import('@vladmandic/face-api').FaceLandmarks68;

/** Detections below this score are not faces (face-api's default). */
const MIN_CONFIDENCE = 0.5;

export interface FoundFace {
  score: number;
  box: { x: number; y: number; width: number; height: number };
  /** The 68 landmarks in image px (face-api's numbering), for the liveness challenge. */
  landmarks: { x: number; y: number }[];
  /** Left out when the request asked for landmarks only (a liveness frame): the recognition net is the costly part. */
  descriptor?: Float32Array;
}

export type DescribeRequest = { id: number; image: Uint8Array; landmarksOnly?: boolean } | { id: number; warm: true };

export type DescribeReply =
  | { id: number; ok: true; width: number; height: number; faces: FoundFace[]; ms: number }
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
    await faceapi.nets.ssdMobilenetv1.loadFromDisk(MODEL_DIR);
    await faceapi.nets.faceLandmark68Net.loadFromDisk(MODEL_DIR);
    await faceapi.nets.faceRecognitionNet.loadFromDisk(MODEL_DIR);
    return { tf, faceapi };
  })();
  return engine;
}

async function describe(
  image: Uint8Array,
  landmarksOnly: boolean,
): Promise<Omit<Extract<DescribeReply, { faces: FoundFace[] }>, 'id'>> {
  const { width, height, rgb } = decodeRgb(image);
  const { tf, faceapi } = await loadEngine();
  const started = performance.now();
  const tensor = tf.tensor3d(rgb, [height, width, 3], 'int32');
  try {
    const located = faceapi
      .detectAllFaces(tensor as never, new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE }))
      .withFaceLandmarks();
    const found: { detection: FaceDetection; landmarks: FaceLandmarks; descriptor?: Float32Array }[] = landmarksOnly
      ? await located
      : await located.withFaceDescriptors();
    const faces = found.map(({ detection, landmarks, descriptor }) => ({
      score: detection.score,
      box: { x: detection.box.x, y: detection.box.y, width: detection.box.width, height: detection.box.height },
      landmarks: landmarks.positions.map(({ x, y }) => ({ x, y })),
      descriptor,
    }));
    return { ok: true, width, height, faces, ms: performance.now() - started };
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
    return { id, ...(await describe(request.image, request.landmarksOnly === true)) };
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

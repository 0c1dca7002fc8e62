import type { Box } from '../../core';
import { headTurn, TURN_DETECTOR_INPUT } from '../../core/face/liveness';

// face-api's tiny face detector and tiny landmark net, loaded and run the same way on the page's main thread and in
// the detector worker (detector-worker.ts). face-api and the tfjs inside it (1.3 MB) are in no bundle: the build
// copies face-api's own ES module and tfjs's WebAssembly binaries into dist/assets (face-files.ts), and they are
// imported from there by URL. The landmarks give the head's turn, which the widget follows during the liveness challenge to
// send its frames as soon as both turns are seen (issue 54).

export type FaceApi = typeof import('@vladmandic/face-api');

/** Where face-api, tfjs's WebAssembly binaries (each by name) and the model's weights are (absolute URLs). */
export interface FaceModelFiles {
  faceApi: string;
  wasm: Record<string, string>;
  modelFolder: string;
}

/** The part of the tfjs inside face-api used here (face-api's declarations leave these out of `tf`). */
interface Tfjs {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  setWasmPaths(files: Record<string, string>): void;
}

const MIN_SCORE = 0.5;

/**
 * face-api with the tiny face detector's weights, on WebGL where a real graphics card draws, else WebAssembly.
 * `prepare` runs first: a worker gives face-api there the environment it finds by itself in a page. `unloaded` is
 * told when face-api's own file does not load.
 */
export async function loadFaceModel(
  files: FaceModelFiles,
  prepare?: (api: FaceApi) => void,
  unloaded?: () => void,
): Promise<FaceApi> {
  const api = (await import(/* webpackIgnore: true */ /* @vite-ignore */ files.faceApi).catch((error: unknown) => {
    unloaded?.();
    throw error;
  })) as FaceApi;
  prepare?.(api);
  const tf = api.tf as unknown as Tfjs;
  tf.setWasmPaths(files.wasm);
  const backend = preferredBackend();
  if (!(await tf.setBackend(backend).catch(() => false))) {
    if (backend === 'wasm' || !(await tf.setBackend('wasm').catch(() => false))) await tf.setBackend('cpu');
  }
  await tf.ready();
  await api.nets.tinyFaceDetector.loadFromUri(files.modelFolder);
  await api.nets.faceLandmark68TinyNet.loadFromUri(files.modelFolder);
  return api;
}

/** What the detector saw in one frame: the faces, and the turn of the head when there is exactly one. */
export interface FoundFaces {
  faces: Box[];
  turn: number | null;
}

/** The faces in `input` (a video on the main thread, a tensor in the worker), in its own px, and the head's turn. */
export async function detectFaces(api: FaceApi, input: Parameters<FaceApi['detectAllFaces']>[0]): Promise<FoundFaces> {
  const options = new api.TinyFaceDetectorOptions({ inputSize: TURN_DETECTOR_INPUT, scoreThreshold: MIN_SCORE });
  // run(), not await on the task: the task's then() drops a failure, and the await would wait forever.
  const found = await api.detectAllFaces(input, options).withFaceLandmarks(true).run();
  const faces = found.map(({ detection: { box } }) => ({ x: box.x, y: box.y, width: box.width, height: box.height }));
  return { faces, turn: found.length === 1 ? headTurn(found[0]!.landmarks.positions) : null };
}

/**
 * WebGL on a real graphics card; WebAssembly where WebGL is software-rendered (headless or GPU-less terminals),
 * which on this small model is several times faster than emulated WebGL or tfjs's plain JavaScript backend.
 */
function preferredBackend(): 'webgl' | 'wasm' {
  const canvas =
    typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(1, 1) : globalThis.document?.createElement('canvas');
  const gl = canvas?.getContext('webgl2') as WebGL2RenderingContext | null | undefined;
  if (!gl) return 'wasm';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|software/i.test(renderer) ? 'wasm' : 'webgl';
}

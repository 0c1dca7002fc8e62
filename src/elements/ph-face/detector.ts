import type { Detection, FaceDetector } from '../../core';
import { FACE_MODEL_FOLDER } from '../../core/api/face-paths';

// The in-browser detector (DESIGN §8): @vladmandic/face-api's tiny face detector, its weights served from our own
// origin. face-api and the tfjs inside it (1.3 MB) are not in any bundle: the build copies face-api's own ES module
// and tfjs's WebAssembly binaries next to the element modules, and they are loaded from there the first time a
// camera opens.

type FaceApi = typeof import('@vladmandic/face-api');
/** The part of the tfjs inside face-api used here (face-api's declarations leave these out of `tf`). */
interface Tfjs {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  setWasmPaths(prefix: string): void;
}

/**
 * The copy of face-api's browser ES module beside dist/elements/ph-face.js (rollup.config.mjs copies it there), as
 * seen from the running script: the element modules, or the classic dist/ph-widgets.js one folder up.
 */
const FACE_ASSETS = new URL(__PH_FACE_ASSETS__, import.meta.url).href;
export const FACE_API_FILE = 'face-api.esm.js';
/** Detector input side in px (a multiple of 32): 224 finds a face that fills a third of the picture quickly. */
const INPUT_SIZE = 224;
const MIN_SCORE = 0.5;

let faceApi: Promise<FaceApi> | null = null;

/** face-api with the tiny face detector loaded, once per page; a failure is forgotten so that a retry loads again. */
function loadFaceApi(): Promise<FaceApi> {
  faceApi ??= (async () => {
    const url = new URL(FACE_API_FILE, FACE_ASSETS).href;
    const api = (await import(/* @vite-ignore */ url)) as FaceApi;
    const tf = api.tf as unknown as Tfjs;
    tf.setWasmPaths(FACE_ASSETS);
    if (!(await tf.setBackend(preferredBackend()))) await tf.setBackend('cpu');
    await tf.ready();
    await api.nets.tinyFaceDetector.loadFromUri(FACE_MODEL_FOLDER);
    return api;
  })().catch((error: unknown) => {
    faceApi = null;
    throw error;
  });
  return faceApi;
}

/**
 * WebGL on a real graphics card; WebAssembly where WebGL is software-rendered (headless or GPU-less terminals),
 * which on this small model is several times faster than emulated WebGL or tfjs's plain JavaScript backend.
 */
function preferredBackend(): 'webgl' | 'wasm' {
  const gl = document.createElement('canvas').getContext('webgl2');
  if (!gl) return 'wasm';
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  const renderer = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : '';
  gl.getExtension('WEBGL_lose_context')?.loseContext();
  return /swiftshader|llvmpipe|software/i.test(renderer) ? 'wasm' : 'webgl';
}

/** A detector reading the frames of `video()` (core's FaceDetector: loaded lazily, boxes in frame px). */
export function videoFaceDetector(video: () => HTMLVideoElement | null): FaceDetector {
  let api: FaceApi | null = null;
  return {
    async load() {
      api = await loadFaceApi();
    },
    async detect(): Promise<Detection> {
      const element = video();
      if (!api || !element || element.readyState < 2 || element.videoWidth === 0) {
        return { faces: [], frame: { width: 1, height: 1 } };
      }
      const options = new api.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE });
      const found = await api.detectAllFaces(element, options);
      return {
        faces: found.map(({ box }) => ({ x: box.x, y: box.y, width: box.width, height: box.height })),
        frame: { width: element.videoWidth, height: element.videoHeight },
      };
    },
  };
}

import { type Detection, type FaceDetector, reportUnloaded } from '../../core';
import { FACE_MODEL_FOLDER } from '../../core/api/face-paths';
import type { FromDetector, ToDetector } from './detector-protocol';
import { detectorWorkerUrl } from './detector-worker-url';
import { faceFiles } from './face-files';
import { detectFaces, type FaceApi, type FaceModelFiles, type FoundFaces, loadFaceModel } from './face-model';

// The in-browser detector (DESIGN §8): face-api's tiny face detector and landmark net, their weights served from our
// own origin. It runs
// in a worker (detector-worker.ts) wherever one can read camera frames (module workers, OffscreenCanvas); elsewhere,
// or when the worker cannot start or load, on the main thread as before. Either way it is loaded once per page, the
// first time a camera opens, and a failure is forgotten so that a retry loads again.

/** Finds the faces of one picture (a video's current frame, or a decoded JPEG), in its px, and the head's turn. */
type FindFaces = (picture: HTMLVideoElement | ImageBitmap) => Promise<FoundFaces>;

let loading: Promise<FindFaces> | null = null;

function modelFiles(): FaceModelFiles {
  const files = faceFiles();
  if (!files) throw new Error('face-api is not part of this build');
  return { ...files, modelFolder: new URL(FACE_MODEL_FOLDER, location.href).href };
}

function loadDetector(): Promise<FindFaces> {
  loading ??= inWorker()
    .catch(onMainThread)
    .catch((error: unknown) => {
      loading = null;
      throw error;
    });
  return loading;
}

async function onMainThread(): Promise<FindFaces> {
  const files = modelFiles();
  const api: FaceApi = await loadFaceModel(files, undefined, () => reportUnloaded('faceApi', files.faceApi));
  return (picture) => detectFaces(api, picture instanceof ImageBitmap ? onCanvas(picture) : picture);
}

/** The detector worker, loaded; rejects when this browser or page cannot run it. */
function inWorker(): Promise<FindFaces> {
  const url = detectorWorkerUrl();
  if (!url || typeof Worker !== 'function' || typeof OffscreenCanvas !== 'function') {
    return Promise.reject(new Error('No detector worker here'));
  }
  return new Promise((resolve, reject) => {
    // A module worker must come from the page's origin; from elsewhere (a CDN) the constructor throws.
    const worker = new Worker(url, { type: 'module' });
    const waiting = new Map<number, { done: (found: FoundFaces) => void; fail: (error: Error) => void }>();
    let next = 0;
    let ready = false;
    let stopped: Error | null = null;
    const stop = (error: Error) => {
      stopped = error;
      worker.terminate();
      for (const { fail } of waiting.values()) fail(error);
      waiting.clear();
      if (ready) loading = null;
      else reject(error);
    };
    const findFaces: FindFaces = async (picture) => {
      if (stopped) throw stopped;
      const frame = await createImageBitmap(picture);
      next += 1;
      const id = next;
      return new Promise((done, fail) => {
        waiting.set(id, { done, fail });
        worker.postMessage({ type: 'detect', id, frame } satisfies ToDetector, [frame]);
      });
    };
    worker.onmessage = ({ data }: MessageEvent<FromDetector>) => {
      if (data.type === 'loaded') {
        ready = true;
        resolve(findFaces);
      } else if (data.type === 'failed') {
        stop(new Error(data.message));
      } else {
        const answer = waiting.get(data.id);
        waiting.delete(data.id);
        if (data.type === 'faces') answer?.done({ faces: data.faces, turn: data.turn });
        else answer?.fail(new Error(data.message));
      }
    };
    worker.onerror = (event) => {
      // Before any answer: the worker's file did not load (a bundler that did not copy it, a CSP).
      if (!ready && !stopped) reportUnloaded('faceDetector', url);
      stop(new Error(event.message || 'The detector worker failed'));
    };
    worker.postMessage({ type: 'load', files: modelFiles() } satisfies ToDetector);
  });
}

/** face-api on the main thread reads canvases, not bitmaps. */
function onCanvas(bitmap: ImageBitmap): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0);
  return canvas;
}

/** A JPEG data URL decoded (no fetch: a page's connect-src need not allow data: URLs). */
function decodePicture(dataUrl: string): Promise<ImageBitmap> {
  const [head = '', body = ''] = dataUrl.split(',');
  const bytes = Uint8Array.from(atob(body), (char) => char.charCodeAt(0));
  return createImageBitmap(new Blob([bytes], { type: head.slice(5).split(';')[0] || 'image/jpeg' }));
}

/**
 * A detector reading the frames of `video()`, or a picture the widget made (core's FaceDetector: loaded lazily,
 * boxes in the picture's px).
 */
export function videoFaceDetector(video: () => HTMLVideoElement | null): FaceDetector {
  let findFaces: FindFaces | null = null;
  return {
    async load() {
      findFaces = await loadDetector();
    },
    async detect(picture?: string): Promise<Detection> {
      if (findFaces && picture) {
        const bitmap = await decodePicture(picture);
        const frame = { width: bitmap.width, height: bitmap.height };
        return { ...(await findFaces(bitmap)), frame };
      }
      const element = video();
      if (!findFaces || !element || element.readyState < 2 || element.videoWidth === 0) {
        return { faces: [], turn: null, frame: { width: 1, height: 1 } };
      }
      return {
        ...(await findFaces(element)),
        frame: { width: element.videoWidth, height: element.videoHeight },
      };
    },
  };
}

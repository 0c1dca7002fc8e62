import type { FromDetector, ToDetector } from './detector-protocol';
import { detectFaces, type FaceApi, loadFaceModel } from './face-model';

// The face detector's worker: face-api, tfjs and every detection run here, off the page's main thread, which on a
// phone they held for hundreds of milliseconds at a time while the countdown and the buttons waited (issue 36). Built
// on its own as a module worker (scripts/standalone-script-plugin.mjs); the page sends it each camera frame as an
// ImageBitmap, a handle rather than a copy of the pixels.

/** The worker's global scope, typed by hand: the webworker lib cannot sit beside the DOM lib in one program. */
const scope = self as unknown as {
  postMessage(message: FromDetector): void;
  onmessage: ((event: MessageEvent<ToDetector>) => void) | null;
};
let model: Promise<FaceApi> | undefined;

const post = (message: FromDetector) => scope.postMessage(message);
const messageOf = (error: unknown) => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/**
 * face-api finds no DOM here, and asks for one even to tell a tensor from a picture: canvases are OffscreenCanvases,
 * and no input is ever an image or a video element.
 */
function workerEnvironment(api: FaceApi): void {
  class NoElement {}
  const refuse = () => {
    throw new Error('No DOM elements in the detector worker');
  };
  api.env.setEnv({
    Canvas: OffscreenCanvas,
    CanvasRenderingContext2D: OffscreenCanvasRenderingContext2D,
    Image: NoElement,
    Video: NoElement,
    ImageData,
    createCanvasElement: () => new OffscreenCanvas(1, 1),
    createImageElement: refuse,
    createVideoElement: refuse,
    fetch: (url: string, init?: RequestInit) => fetch(url, init),
    readFile: refuse,
  } as unknown as Parameters<FaceApi['env']['setEnv']>[0]);
}

async function load(message: Extract<ToDetector, { type: 'load' }>): Promise<void> {
  model ??= loadFaceModel(message.files, workerEnvironment);
  try {
    await model;
    post({ type: 'loaded' });
  } catch (error) {
    model = undefined;
    post({ type: 'failed', message: messageOf(error) });
  }
}

async function detect({ id, frame }: Extract<ToDetector, { type: 'detect' }>): Promise<void> {
  try {
    if (!model) throw new Error('The model is not loaded');
    const api = await model;
    const pixels = api.tf.browser.fromPixels(frame);
    try {
      post({ type: 'faces', id, ...(await detectFaces(api, pixels)) });
    } finally {
      pixels.dispose();
    }
  } catch (error) {
    post({ type: 'error', id, message: messageOf(error) });
  } finally {
    frame.close();
  }
}

scope.onmessage = (event) => {
  const message = event.data;
  void (message.type === 'load' ? load(message) : detect(message));
};

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** face-api's model files ship inside its npm package: the server reads them from there, nothing is downloaded. */
export const FACE_MODEL_DIR = join(dirname(require.resolve('@vladmandic/face-api')), '..', 'model');

/** What the widget loads in the browser: the tiny face detector only (193 KB of weights). */
export const BROWSER_FACE_MODELS: ReadonlySet<string> = new Set([
  'tiny_face_detector_model-weights_manifest.json',
  'tiny_face_detector_model.bin',
]);

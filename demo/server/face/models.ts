import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** face-api's model files ship inside its npm package: the server reads them from there, nothing is downloaded. */
export const FACE_MODEL_DIR = join(dirname(require.resolve('@vladmandic/face-api')), '..', 'model');

/**
 * What the widget loads in the browser: the tiny face detector (193 KB of weights) and the tiny landmark net (77 KB),
 * whose landmarks tell it when the liveness challenge's turns are done (issue 54).
 */
export const BROWSER_FACE_MODELS: ReadonlySet<string> = new Set([
  'tiny_face_detector_model-weights_manifest.json',
  'tiny_face_detector_model.bin',
  'face_landmark_68_tiny_model-weights_manifest.json',
  'face_landmark_68_tiny_model.bin',
]);

import type { FaceModelFiles, FoundFaces } from './face-model';

// Messages between the face widget and its detector worker (detector-worker.ts).

export type ToDetector =
  /** Load face-api and the model (again after a failure); answered by `loaded` or `failed`. */
  | { type: 'load'; files: FaceModelFiles }
  /** Find the faces in one camera frame (transferred: the worker closes it); answered by `faces` or `error`. */
  | { type: 'detect'; id: number; frame: ImageBitmap };

export type FromDetector =
  | { type: 'loaded' }
  | { type: 'failed'; message: string }
  | ({ type: 'faces'; id: number } & FoundFaces)
  | { type: 'error'; id: number; message: string };

import { randomBytes } from 'node:crypto';
import {
  createMainThreadHasher,
  createUpload,
  memoryStateStore,
  toUploadItem,
  type Upload,
  type UploadOptions,
  type UploadSnapshot,
} from '../../../src/core/upload';
import { fakeStorage } from './fake-storage';

export const MB = 1024 * 1024;

export function randomFile(size: number, name = 'video.mp4'): File {
  return new File([randomBytes(size)], name, { type: 'video/mp4', lastModified: 1_700_000_000_000 });
}

/** Resolves with the first state (now or later) that satisfies `test`. */
export function until(upload: Upload, test: (state: UploadSnapshot) => boolean): Promise<UploadSnapshot> {
  return new Promise((resolve) => {
    const unsubscribe = upload.$state.subscribe((state) => {
      if (!test(state)) return;
      queueMicrotask(() => unsubscribe());
      resolve(state);
    });
  });
}

/** A file, a fake storage, and an upload of the one to the other (no retry waits unless asked). */
export function setUp(size: number, options: UploadOptions = {}, name?: string) {
  const storage = fakeStorage();
  const file = randomFile(size, name);
  const store = options.store ?? memoryStateStore();
  const item = toUploadItem(file);
  const upload = createUpload(item, {
    transport: storage.transport,
    hasher: createMainThreadHasher(),
    store,
    retryDelays: [0, 0, 0],
    ...options,
  });
  return { storage, file, item, store, upload };
}

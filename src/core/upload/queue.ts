import { atom, type ReadableAtom } from 'nanostores';
import { type DirectoryListing, describeDirectory } from './directory';
import { toUploadItem, type UploadItem } from './item';
import { createLimiter } from './limiter';
import { createUpload, DEFAULT_PARALLEL, type Upload, type UploadOptions, type UploadSnapshot } from './runner';
import { nothingToUpload } from './validate';

// Many files at once: every upload of a queue shares one limit on the requests in flight, `concurrency` large
// files' worth (each sends `parallel` chunks at once); the others wait as 'queued' and start as slots free up (a
// paused upload gives its slots back). A small file sends one request, so six go at once where two large files would:
// 50 worksheets no longer wait in pairs (issue 35).

/** Large uploads running at once in a queue, by default. */
export const DEFAULT_CONCURRENCY = 2;

export interface UploadQueueOptions extends Omit<UploadOptions, 'limiter'> {
  /** Large files (of `parallel` chunks or more) uploading at once; smaller ones share the same requests in flight. */
  concurrency?: number;
}

export interface UploadQueue {
  readonly $uploads: ReadableAtom<readonly Upload[]>;
  /**
   * Adds files (File objects or upload items); nothing starts until start/startAll. `options` apply to these files
   * over the queue's own (a page that changed the chunk size or the limits since the queue was made).
   */
  add(files: Iterable<UploadItem | (Blob & { name?: string })>, options?: Omit<UploadOptions, 'limiter'>): Upload[];
  remove(upload: Upload): void;
  /** Starts every upload not yet started; rejects with 'Not find file' when the queue is empty. */
  startAll(): Promise<UploadSnapshot[]>;
  pauseAll(): void;
  resumeAll(): Promise<UploadSnapshot[]>;
  retryAll(): Promise<UploadSnapshot[]>;
  abortAll(): void;
  /** §3 directory picking: `directorys` and `dirTree` of the files in the queue. */
  directory(): DirectoryListing;
}

const isItem = (value: UploadItem | Blob): value is UploadItem => 'file' in value && 'uid' in value;

export function createUploadQueue(options: UploadQueueOptions = {}): UploadQueue {
  const limiter = createLimiter((options.concurrency ?? DEFAULT_CONCURRENCY) * (options.parallel ?? DEFAULT_PARALLEL));
  const $uploads = atom<readonly Upload[]>([]);
  const each = (act: (upload: Upload) => Promise<UploadSnapshot> | undefined) =>
    Promise.all($uploads.get().flatMap((upload) => act(upload) ?? []));
  return {
    $uploads,
    add(files, overrides) {
      const added = [...files].map((file) =>
        createUpload(isItem(file) ? file : toUploadItem(file), { ...options, ...overrides, limiter }),
      );
      $uploads.set([...$uploads.get(), ...added]);
      return added;
    },
    remove(upload) {
      upload.abort();
      $uploads.set($uploads.get().filter((entry) => entry !== upload));
    },
    startAll() {
      if ($uploads.get().length === 0) return Promise.reject(nothingToUpload());
      return each((upload) => (upload.$state.get().status === 'idle' ? upload.start() : undefined));
    },
    pauseAll() {
      for (const upload of $uploads.get()) upload.pause();
    },
    resumeAll: () => each((upload) => (upload.$state.get().status === 'paused' ? upload.resume() : undefined)),
    retryAll: () => each((upload) => (upload.$state.get().status === 'error' ? upload.retry() : undefined)),
    abortAll() {
      for (const upload of $uploads.get()) upload.abort();
    },
    directory: () => describeDirectory($uploads.get().map((upload) => upload.item)),
  };
}

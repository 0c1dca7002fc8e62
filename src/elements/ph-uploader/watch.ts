import { useEffect, useState } from 'react';
import { allEnded, type DirectoryListing, type Upload, type UploadQueue, type UploadSnapshot } from '../../core';
import { useLatest } from '../common/use-latest';

/** What a page hears about the uploads of one uploader. */
export interface UploadCallbacks {
  /** Any change of an upload: bytes hashed or sent, speed, state. */
  onProgress?: (state: UploadSnapshot, upload: Upload) => void;
  onSuccess?: (state: UploadSnapshot, upload: Upload) => void;
  /** A failure, or a file refused when it was added (type `validation`). */
  onError?: (state: UploadSnapshot, upload: Upload) => void;
  /** Every upload of the list has ended, the last one just now; with §3 `directorys` and `dirTree` of the list. */
  onComplete?: (uploads: readonly Upload[], listing: DirectoryListing) => void;
}

const states = (queue: UploadQueue) => queue.$uploads.get().map((upload) => upload.$state.get());

/**
 * Listens to every upload of the queue (added or removed at any time) and tells the callbacks; answers the states,
 * renewed whenever an upload changes its status (the list's own actions depend on them).
 */
export function useUploadWatch(queue: UploadQueue, callbacks: UploadCallbacks): UploadSnapshot[] {
  const latest = useLatest(callbacks);
  const [current, setCurrent] = useState<UploadSnapshot[]>(() => states(queue));

  useEffect(() => {
    const watched = new Map<Upload, () => void>();
    const watch = (upload: Upload) => {
      let status = upload.$state.get().status;
      // Refused when added: there is no change to wait for.
      if (status === 'error') latest.current.onError?.(upload.$state.get(), upload);
      return upload.$state.listen((state) => {
        latest.current.onProgress?.(state, upload);
        if (state.status === status) return;
        status = state.status;
        if (status === 'success') latest.current.onSuccess?.(state, upload);
        if (status === 'error') latest.current.onError?.(state, upload);
        const all = states(queue);
        setCurrent(all);
        if (allEnded(all) && (status === 'success' || status === 'error' || status === 'aborted')) {
          latest.current.onComplete?.(queue.$uploads.get(), queue.directory());
        }
      });
    };
    const sync = (uploads: readonly Upload[]) => {
      for (const upload of uploads) if (!watched.has(upload)) watched.set(upload, watch(upload));
      for (const [upload, stop] of watched) {
        if (!uploads.includes(upload)) {
          stop();
          watched.delete(upload);
        }
      }
      setCurrent(states(queue));
    };
    sync(queue.$uploads.get());
    const stopList = queue.$uploads.listen(sync);
    return () => {
      stopList();
      for (const stop of watched.values()) stop();
    };
  }, [queue, latest]);

  return current;
}

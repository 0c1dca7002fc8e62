// How the uploader gets an MD5: a task per file that hashes in slices, reports progress, stops when its signal
// aborts (a pause) and, run again, continues from the slice it reached.

export interface HashTask {
  /** Resolves with the MD5 when the whole file is hashed, or with null when `signal` stopped it first. */
  run(signal: AbortSignal, onProgress: (hashedBytes: number) => void): Promise<string | null>;
  /** Frees the task (its worker); the task cannot run again. */
  close(): void;
}

export interface Md5Hasher {
  open(file: Blob, sliceSize: number): HashTask;
}

/** A task whose runs never overlap: a run asked for while the last one is still stopping starts after it. */
export function oneRunAtATime(task: HashTask): HashTask {
  let last: Promise<unknown> = Promise.resolve();
  return {
    run(signal, onProgress) {
      const next = last.catch(() => {}).then(() => task.run(signal, onProgress));
      last = next;
      return next;
    },
    close: () => task.close(),
  };
}

/** A promise settled from outside: a fake call whose answer the test releases when it wants. */
export interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((ok, fail) => {
    resolve = ok;
    reject = fail;
  });
  return { promise, resolve, reject };
}

/** Lets every pending promise callback run (fake timers do not advance promises). */
export const flush = () => new Promise<void>((resolve) => queueMicrotask(() => setImmediate(resolve)));

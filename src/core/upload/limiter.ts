// A counting semaphore: many files queued, at most `limit` of them hashing or uploading at once.

export interface Limiter {
  /** Resolves with a release function once a slot is free; rejects with the signal's reason if it aborts first. */
  acquire(signal?: AbortSignal): Promise<() => void>;
  readonly active: number;
}

export function createLimiter(limit: number): Limiter {
  const max = Math.max(1, Math.floor(limit));
  let active = 0;
  const waiting: Array<() => void> = [];
  const grant = (): (() => void) => {
    active++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active--;
      waiting.shift()?.();
    };
  };
  return {
    get active() {
      return active;
    },
    acquire(signal) {
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (active < max) return Promise.resolve(grant());
      return new Promise((resolve, reject) => {
        const wake = () => {
          signal?.removeEventListener('abort', cancel);
          resolve(grant());
        };
        const cancel = () => {
          const index = waiting.indexOf(wake);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal?.reason);
        };
        waiting.push(wake);
        signal?.addEventListener('abort', cancel, { once: true });
      });
    },
  };
}

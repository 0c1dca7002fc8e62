// A counting semaphore over requests in flight: many files queued, the uploads running at once holding at most
// `limit` slots between them. An upload takes as many slots as it sends requests at once, so a small file (one
// request) takes one and a large one its parallel chunks; waiters are served in order, a large one is not passed by
// the small ones behind it.

export interface Limiter {
  /**
   * Resolves with a release function once `weight` slots are free (at least 1; at most the limit); rejects with the
   * signal's reason if it aborts first.
   */
  acquire(signal?: AbortSignal, weight?: number): Promise<() => void>;
  /** Slots held. */
  readonly active: number;
}

interface Waiter {
  weight: number;
  wake: () => void;
}

export function createLimiter(limit: number): Limiter {
  const max = Math.max(1, Math.floor(limit));
  let active = 0;
  const waiting: Waiter[] = [];
  const grant = (weight: number): (() => void) => {
    active += weight;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      active -= weight;
      wakeWaiting();
    };
  };
  function wakeWaiting(): void {
    for (let head = waiting[0]; head && active + head.weight <= max; head = waiting[0]) {
      waiting.shift();
      head.wake();
    }
  }
  return {
    get active() {
      return active;
    },
    acquire(signal, weight = 1) {
      const slots = Math.min(max, Math.max(1, Math.floor(weight)));
      if (signal?.aborted) return Promise.reject(signal.reason);
      if (waiting.length === 0 && active + slots <= max) return Promise.resolve(grant(slots));
      return new Promise((resolve, reject) => {
        const waiter: Waiter = {
          weight: slots,
          wake: () => {
            signal?.removeEventListener('abort', cancel);
            resolve(grant(slots));
          },
        };
        const cancel = () => {
          const index = waiting.indexOf(waiter);
          if (index >= 0) waiting.splice(index, 1);
          reject(signal?.reason);
          // The head may have been what held the smaller ones behind it.
          wakeWaiting();
        };
        waiting.push(waiter);
        signal?.addEventListener('abort', cancel, { once: true });
      });
    },
  };
}

// A promise settled from outside (a fake call whose answer the test releases when it wants): core's own helper.
export { type Deferred, deferred } from '../../../src/core/voice/deferred';

/** Lets every pending promise callback run (fake timers do not advance promises). */
export const flush = () => new Promise<void>((resolve) => queueMicrotask(() => setImmediate(resolve)));

import { createMd5Engine, type Md5Engine } from './engine';
import type { FromWorker, ToWorker } from './protocol';
import { hashSlices } from './slices';

// The MD5 worker: one per file being hashed. Built on its own by rollup (scripts/standalone-script-plugin.mjs) and
// loaded by URL, so none of it weighs on the page's bundles. It reads the File itself (a File posted to a worker
// is a handle, not a copy), so the page thread only sees progress messages.

interface Job {
  file: Blob;
  sliceSize: number;
  engine: Promise<Md5Engine>;
  offset: number;
  stop: boolean;
  running: boolean;
}

/** The worker's global scope, typed by hand: the webworker lib cannot sit beside the DOM lib in one program. */
const scope = self as unknown as {
  postMessage(message: FromWorker): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};
let job: Job | undefined;

const post = (message: FromWorker) => scope.postMessage(message);

async function run(current: Job): Promise<void> {
  current.running = true;
  try {
    const engine = await current.engine;
    const result = await hashSlices(current.file, engine, {
      from: current.offset,
      sliceSize: current.sliceSize,
      shouldStop: () => current.stop,
      onProgress: (offset) => {
        current.offset = offset;
        post({ type: 'progress', offset });
      },
    });
    post(
      result.done
        ? { type: 'done', md5: engine.digest(), engine: engine.name }
        : { type: 'paused', offset: result.offset },
    );
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? `${error.name}: ${error.message}` : String(error) });
  } finally {
    current.running = false;
  }
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data;
  if (message.type === 'pause') {
    if (job) job.stop = true;
    return;
  }
  if (!job) {
    if (!message.file || !message.sliceSize) return post({ type: 'error', message: 'run: no file' });
    job = {
      file: message.file,
      sliceSize: message.sliceSize,
      engine: createMd5Engine(message.engine),
      offset: 0,
      stop: false,
      running: false,
    };
  }
  job.stop = false;
  if (!job.running) void run(job);
};

import { createMd5Engine, type Md5Engine } from './engine';
import type { FromWorker, ToWorker } from './protocol';
import { readThrough, serveRead, startReader } from './read-ahead';
import { hashSlices, streamFrom } from './slices';

// The MD5 worker: one per file being hashed. Built on its own by rollup (scripts/standalone-script-plugin.mjs) and
// loaded by URL, so none of it weighs on the page's bundles. It reads the File itself (a File posted to a worker is a
// handle, not a copy), so the page thread only sees progress messages. A worker hashes one file at a time and may then
// be handed the next.

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
  postMessage(message: FromWorker | { type: 'reader-ready' }): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  location: { href: string };
};
let job: Job | undefined;
/** The worker that reads for this one, started at the first run; null where none starts. */
let reader: Promise<Worker | null> | undefined;

const post = (message: FromWorker) => scope.postMessage(message);

async function run(current: Job): Promise<void> {
  current.running = true;
  try {
    const engine = await current.engine;
    reader ??= startReader(scope.location.href);
    const readingWorker = await reader;
    const readFrom = readingWorker ? (file: Blob, from: number) => readThrough(readingWorker, file, from) : streamFrom;
    const result = await hashSlices(
      current.file,
      engine,
      {
        from: current.offset,
        sliceSize: current.sliceSize,
        shouldStop: () => current.stop,
        onProgress: (offset) => {
          current.offset = offset;
          post({ type: 'progress', offset });
        },
      },
      readFrom,
    );
    const reading = readingWorker ? 'reader-worker' : 'in-thread';
    post(
      result.done
        ? { type: 'done', md5: engine.digest(), engine: engine.name, reading }
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
  if (message.type === 'reader-hello') return scope.postMessage({ type: 'reader-ready' });
  if (message.type === 'read') return void serveRead(message);
  if (message.type === 'pause') {
    if (job) job.stop = true;
    return;
  }
  // A file starts a new job: the page hands a finished worker the next file rather than starting another worker.
  if (message.file) {
    if (job?.running) return post({ type: 'error', message: 'run: still hashing another file' });
    if (!message.sliceSize) return post({ type: 'error', message: 'run: no slice size' });
    job = {
      file: message.file,
      sliceSize: message.sliceSize,
      engine: createMd5Engine(message.engine),
      offset: 0,
      stop: false,
      running: false,
    };
  }
  if (!job) return post({ type: 'error', message: 'run: no file' });
  job.stop = false;
  if (!job.running) void run(job);
};

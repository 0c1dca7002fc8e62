import { Worker } from 'node:worker_threads';

// Starts the upload benches' front server (bench-upload-front.mjs) on a thread of its own, as bench-upload.ts puts it
// in front of the reference server and bench-upload-tus.ts in front of @tus/server.

export interface FrontOptions {
  /** The origin requests are forwarded to. */
  upstream: string;
  /** Where the sink writes the baseline's bodies: the upstream's disk. */
  sinkDir: string;
  /** The bench page's HTML. */
  page: string;
  /** The path prefixes forwarded upstream (default: the platform's). */
  proxied?: string[];
}

/** The front server's port, and how to stop it. */
export async function startFront(options: FrontOptions): Promise<{ port: number; stop: () => Promise<number> }> {
  const front = new Worker(new URL('./bench-upload-front.mjs', import.meta.url), { workerData: options });
  const port = await new Promise<number>((done, fail) => {
    front.once('message', done);
    front.once('error', fail);
  });
  return { port, stop: () => front.terminate() };
}

// The best-known peer of the chunked upload, beside it in `npm run bench` (issue 57): tus-js-client in the same
// headless Chromium uploading a File made as bench-upload.ts makes its own, to @tus/server with its file store on the
// same loopback, in the bench's own Node process. With nothing in front: with 2 MB chunks (one PATCH each, one at a
// time, as tus-js-client sends them), and with its defaults (the whole file in one PATCH). And with 2 MB chunks
// through the same front server (bench-upload-front.mjs, a thread of its own) as the project's upload takes to reach
// the reference server: the like-for-like figure. Both packages are dev dependencies of the bench only.

import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { Server } from '@tus/server';
import { startFront } from './bench-front';
import { runBenchPage } from './bench-page.mjs';

const require = createRequire(import.meta.url);
const TUS_CLIENT = readFileSync(require.resolve('tus-js-client/dist/tus.min.js'));

const PAGE = `<!doctype html><meta charset="utf-8"><title>tus bench</title>
<script src="/tus.min.js"></script>
<script>
  function makeFile(megabytes, name) {
    const block = crypto.getRandomValues(new Uint8Array(65536));
    const mb = new Blob(Array.from({ length: 16 }, () => block));
    return new File(Array.from({ length: megabytes }, () => mb), name, { type: 'video/mp4' });
  }
  function upload(file, chunkSize) {
    return new Promise((resolve, reject) => {
      const started = performance.now();
      const options = {
        endpoint: '/files/',
        retryDelays: null,
        metadata: { filename: file.name },
        onSuccess: () => resolve(performance.now() - started),
        onError: reject,
      };
      if (chunkSize) options.chunkSize = chunkSize;
      new tus.Upload(file, options).start();
    });
  }
  window.benchTus = async (megabytes) => {
    await upload(makeFile(8, 'warm.mp4'), 2 * 1024 * 1024);
    const chunked = await upload(makeFile(megabytes, 'lesson.mp4'), 2 * 1024 * 1024);
    const whole = await upload(makeFile(megabytes, 'lesson-2.mp4'));
    return { chunked, whole };
  };
  window.benchTusChunked = async (megabytes) => {
    await upload(makeFile(8, 'warm.mp4'), 2 * 1024 * 1024);
    return upload(makeFile(megabytes, 'lesson.mp4'), 2 * 1024 * 1024);
  };
  window.benchReady = true;
</script>`;

export interface TusFigures {
  /** tus-js-client with 2 MB chunks, ms. */
  chunked: number;
  /** tus-js-client's defaults: one PATCH, ms. */
  whole: number;
  /** tus-js-client with 2 MB chunks through the bench's front server, ms. */
  chunkedThroughFront: number;
}

/** Uploads `megabytes` through tus twice and answers the times; nothing is printed. */
export async function benchTus(megabytes: number): Promise<TusFigures> {
  const directory = mkdtempSync(join(tmpdir(), 'ph-tus-bench-'));
  const tus = new Server({ path: '/files', datastore: new FileStore({ directory }) });
  const server = createServer((request, response) => {
    if (request.url === '/') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
    if (request.url === '/tus.min.js') {
      return void response.writeHead(200, { 'Content-Type': 'text/javascript' }).end(TUS_CLIENT);
    }
    void tus.handle(request, response);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const { port } = server.address() as { port: number };
    const direct = (await runBenchPage(`http://127.0.0.1:${port}/`, 'benchTus', [megabytes])) as TusFigures;
    const front = await startFront({
      upstream: `http://127.0.0.1:${port}`,
      sinkDir: directory,
      page: PAGE,
      proxied: ['/'],
    });
    try {
      const url = `http://127.0.0.1:${front.port}/`;
      return { ...direct, chunkedThroughFront: (await runBenchPage(url, 'benchTusChunked', [megabytes])) as number };
    } finally {
      await front.stop();
    }
  } finally {
    await new Promise((done) => server.close(done));
    rmSync(directory, { recursive: true, force: true });
  }
}

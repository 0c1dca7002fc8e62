// `node --import tsx scripts/bench-upload.ts` (also run by `npm run bench`; PH_BENCH_UPLOAD_MB=64 for a quick look): a 512 MB upload to the reference server
// on loopback (issue 11, DESIGN §9), from the built dist/core bundle in headless Chromium, with the uploader's
// defaults (MD5 in the Web Worker, 2 MB chunks, 3 in flight, states in IndexedDB, the XMLHttpRequest transport).
// - End to end (hash, second-upload check, 256 chunk checks and uploads, merge) against the baseline measured in the
//   same run: the hash alone plus one plain POST of the same bytes, stored to a file on the same disk (goal ≤ 1.3×).
// - Bytes re-sent when an upload is aborted at 50 % and the same file is chosen again (a new upload, as after a
//   reload): chunk bytes of both parts less those of the uninterrupted upload.
// - Bytes sent for an identical file (under another name): chunk and file bytes (goal 0).
// Bytes are counted where they reach the server: a front server on its own port serves the bench page and dist/,
// takes the baseline POST, and forwards the platform paths to the reference server, counting request bodies per path
// (as the element tier's proxy does, test/elements/reference-server.mjs).
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { chromium } from 'playwright-core';
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { createServer as createReferenceServer } from '../demo/server/index';
import { ENDPOINTS } from '../src/core/api/wire';
import { CHROMIUM, chromiumArgs } from './chromium.mjs';

const MEGABYTES = Number(process.env.PH_BENCH_UPLOAD_MB ?? 512);
const ROOT = resolve(import.meta.dirname, '..');
const SERVED = ['/dist/', '/node_modules/nanostores/', '/node_modules/@nanostores/persistent/'];
const PROXIED = ['/api/', '/zuul/', '/common/', '/sso/'];
const TYPES: Record<string, string> = { '.js': 'text/javascript', '.html': 'text/html', '.map': 'application/json' };

const PAGE = `<!doctype html><meta charset="utf-8"><title>upload bench</title>
<script>window.process = { env: { NODE_ENV: 'production' } };</script>
<script type="importmap">{"imports": {
  "nanostores": "/node_modules/nanostores/index.js",
  "@nanostores/persistent": "/node_modules/@nanostores/persistent/index.js"
}}</script>
<script type="module">
  import * as core from '/dist/core/index.js';
  const MB = 1024 * 1024;
  const never = new AbortController().signal;
  const ENDPOINTS = ${JSON.stringify({ chunkUpload: ENDPOINTS.chunkUpload, singleUpload: ENDPOINTS.singleUpload })};

  /** A file of 1 MB of random bytes repeated: random enough for MD5, cheap to make; each call a different one. */
  function makeFile(megabytes, name) {
    const block = crypto.getRandomValues(new Uint8Array(65536));
    const mb = new Blob(Array.from({ length: 16 }, () => block));
    return new File(Array.from({ length: megabytes }, () => mb), name, { type: 'video/mp4' });
  }

  const traffic = async () => (await fetch('/__traffic')).json();
  const resetTraffic = () => fetch('/__traffic/reset', { method: 'POST' });
  /** Request body bytes that reached the server for chunk and single uploads. */
  const fileBytes = (counts) =>
    Object.entries(counts.bytes)
      .filter(([path]) => path.endsWith(ENDPOINTS.chunkUpload) || path.endsWith(ENDPOINTS.singleUpload))
      .reduce((sum, [, bytes]) => sum + bytes, 0);

  function plainPost(file) {
    return new Promise((done, fail) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', '/__sink');
      xhr.onload = () => (xhr.status === 200 ? done() : fail(new Error('sink ' + xhr.status)));
      xhr.onerror = () => fail(new Error('sink: network'));
      xhr.send(file);
    });
  }

  async function upload(file, watch) {
    const job = core.createUpload(core.toUploadItem(file));
    if (watch) job.$state.listen((state) => watch(state, job));
    const started = performance.now();
    const end = await job.start();
    return { end, ms: performance.now() - started };
  }

  async function timed(work) {
    const started = performance.now();
    const value = await work();
    return { value, ms: performance.now() - started };
  }

  window.benchUpload = async (megabytes, password) => {
    core.phinit({ code: 'upload', appCode: 'base', env: 'production', device: 'pc', languagePack: {} });
    await core.request({
      url: '/api/uaa/oauth/login', method: 'post', json: true, noIntercept: true,
      data: { username: 'teacher', password },
    });
    // Warm up the worker, WebAssembly, the connections and the server's routes.
    const warm = makeFile(8, 'warm.mp4');
    await core.defaultHasher().open(warm, 2 * MB).run(never, () => {});
    await plainPost(warm);
    if ((await upload(warm)).end.status !== 'success') throw new Error('warm-up upload failed');

    const file = makeFile(megabytes, 'lesson.mp4');
    const hash = await timed(() => core.defaultHasher().open(file, 2 * MB).run(never, () => {}));
    const post = await timed(() => plainPost(file));
    await resetTraffic();
    const whole = await upload(file);
    if (whole.end.status !== 'success' || whole.end.md5 !== hash.value) throw new Error('upload: ' + whole.end.status);
    const wholeBytes = fileBytes(await traffic());

    // Aborted once half is on the server (or in flight), then the same file chosen again.
    const other = makeFile(megabytes, 'record.mp4');
    await resetTraffic();
    const aborted = await upload(other, (state, job) => {
      if (state.status === 'uploading' && state.uploadedBytes >= other.size / 2) job.abort();
    });
    if (aborted.end.status !== 'aborted') throw new Error('abort: ' + aborted.end.status);
    const firstPart = fileBytes(await traffic());
    await resetTraffic();
    const resumed = await upload(other);
    if (resumed.end.status !== 'success') throw new Error('resume: ' + resumed.end.status);
    const secondPart = fileBytes(await traffic());

    // The first file again, under another name: hashed, found on the server, nothing sent.
    await resetTraffic();
    const again = await upload(new File([file], 'lesson-copy.mp4', { type: 'video/mp4' }));
    const againTraffic = await traffic();
    if (again.end.status !== 'success' || !again.end.instant) throw new Error('identical: ' + again.end.status);

    return {
      size: file.size,
      hashMs: hash.ms,
      postMs: post.ms,
      wholeMs: whole.ms,
      wholeBytes,
      firstPart,
      secondPart,
      resumeMs: resumed.ms,
      againMs: again.ms,
      againFileBytes: fileBytes(againTraffic),
      againRequestBytes: Object.values(againTraffic.bytes).reduce((sum, bytes) => sum + bytes, 0),
      againRequests: againTraffic.requests,
    };
  };
  window.benchReady = true;
</script>`;

/** What the page measured (times in ms, bytes as counted by the front server). */
interface Figures {
  size: number;
  hashMs: number;
  postMs: number;
  wholeMs: number;
  wholeBytes: number;
  firstPart: number;
  secondPart: number;
  resumeMs: number;
  againMs: number;
  againFileBytes: number;
  againRequestBytes: number;
  againRequests: Record<string, number>;
}

interface Traffic {
  bytes: Record<string, number>;
  requests: Record<string, number>;
}

const listen = (server: Server) =>
  new Promise<number>((done) => server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)));

/** The front server: page, static files, the baseline sink, traffic counts, and the proxy to the reference server. */
function frontServer(upstream: URL, sinkDir: string) {
  let traffic: Traffic = { bytes: {}, requests: {} };
  let sinks = 0;
  const count = (path: string, bytes: number) => {
    traffic.bytes[path] = (traffic.bytes[path] ?? 0) + bytes;
  };

  async function staticFile(path: string, response: ServerResponse) {
    if (!SERVED.some((prefix) => path.startsWith(prefix))) return response.writeHead(404).end();
    try {
      const body = await readFile(join(ROOT, path));
      response.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(body);
    } catch {
      response.writeHead(404).end();
    }
  }

  /** The baseline: the body written to a file on the same disk as the reference server's store, then answered. */
  async function sink(incoming: IncomingMessage, response: ServerResponse) {
    const file = join(sinkDir, `sink-${sinks++}`);
    await pipeline(incoming, createWriteStream(file));
    await rm(file);
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  }

  function forward(incoming: IncomingMessage, response: ServerResponse, path: string) {
    traffic.requests[path] = (traffic.requests[path] ?? 0) + 1;
    const outgoing = request(
      {
        hostname: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    // Counted beside the pipe: the bytes that reached the server, aborted requests' partial bodies included.
    incoming.on('data', (data: Buffer) => count(path, data.length));
    incoming.pipe(outgoing);
  }

  return createServer((incoming, response) => {
    const path = normalize(decodeURIComponent(new URL(incoming.url ?? '/', 'http://x').pathname));
    if (path === '/bench/upload.html') return response.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
    if (path === '/__traffic') return response.writeHead(200).end(JSON.stringify(traffic));
    if (path === '/__traffic/reset') {
      traffic = { bytes: {}, requests: {} };
      return response.writeHead(200).end('{}');
    }
    if (path === '/__sink') return void sink(incoming, response).catch(() => response.destroy());
    if (PROXIED.some((prefix) => path.startsWith(prefix))) return forward(incoming, response, path);
    return void staticFile(path, response);
  });
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

/** Runs the bench and prints its lines; returns the figures. */
async function benchUpload(megabytes = MEGABYTES) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ph-upload-bench-'));
  const started = Date.now();
  const reference = await createReferenceServer({ dataDir, port: 0 });
  const front = frontServer(new URL(reference.url), dataDir);
  const port = await listen(front);
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: chromiumArgs() });
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`http://127.0.0.1:${port}/bench/upload.html`);
    await page.waitForFunction(() => (window as { benchReady?: boolean }).benchReady === true || undefined, null, {
      timeout: 30_000,
    });
    const figures = await page.evaluate(
      ([size, password]) =>
        (
          window as unknown as {
            benchUpload(size: number, password: string): Promise<Figures>;
          }
        ).benchUpload(size, password),
      [megabytes, DEMO_PASSWORD] as const,
    );
    if (errors.length) throw new Error(errors.join('\n'));
    const baseline = figures.hashMs + figures.postMs;
    const resent = figures.firstPart + figures.secondPart - figures.wholeBytes;
    console.log(
      `\nUpload of a ${megabytes} MB file to the reference server on loopback (dist/core in Chromium, uploader defaults), ratio to the baseline measured in this run`,
    );
    console.log(`${seconds(figures.hashMs).padStart(10)}          MD5 in the Web Worker alone`);
    console.log(`${seconds(figures.postMs).padStart(10)}          one plain POST of the same bytes, stored to disk`);
    console.log(`${seconds(baseline).padStart(10)}   1.00x  baseline: hash + plain POST`);
    console.log(
      `${seconds(figures.wholeMs).padStart(10)}  ${(figures.wholeMs / baseline).toFixed(2).padStart(5)}x  end to end: hash, checks, ${Math.ceil(figures.size / (2 * 1024 * 1024))} chunks, merge (goal <= 1.3x)`,
    );
    console.log(
      `  aborted at 50 % and chosen again: ${mb(figures.firstPart)} sent before the abort, ${mb(figures.secondPart)} after (resume ${seconds(figures.resumeMs)}); re-sent ${mb(resent)} (${((resent / figures.size) * 100).toFixed(2)} % of the file; an uninterrupted upload sent ${mb(figures.wholeBytes)})`,
    );
    console.log(
      `  identical file under another name: ${figures.againFileBytes} chunk and file bytes sent (goal 0); ${figures.againRequestBytes} request bytes in all (${JSON.stringify(figures.againRequests)}), ${seconds(figures.againMs)} (its hash)`,
    );
    console.log(`  bench time: ${seconds(Date.now() - started)}`);
    return { ...figures, baseline, ratio: figures.wholeMs / baseline, resent };
  } finally {
    await browser.close();
    front.close();
    await reference.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchUpload();

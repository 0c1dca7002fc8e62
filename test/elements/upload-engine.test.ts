import { expect } from '@open-wc/testing';
import { core } from './bundles';
import { waitUntil } from './wait';

// The upload engine's browser parts in Chromium, from the built dist/core bundle: the MD5 worker emitted beside
// it (hash-wasm), its fallbacks, IndexedDB for stored states, and the XMLHttpRequest transport with upload
// progress against the reference server (through the test page's origin).

const MB = 1024 * 1024;
const never = new AbortController().signal;

function randomBlob(size: number): Blob {
  const parts: Uint8Array<ArrayBuffer>[] = [];
  for (let offset = 0; offset < size; offset += 65536) {
    parts.push(crypto.getRandomValues(new Uint8Array(Math.min(65536, size - offset))));
  }
  return new Blob(parts);
}

/** Counts the workers the page starts (the global Worker replaced by a counting subclass). */
function countWorkers(): { started: string[]; restore(): void } {
  const Original = window.Worker;
  const started: string[] = [];
  window.Worker = class extends Original {
    constructor(url: string | URL, options?: WorkerOptions) {
      super(url, options);
      started.push(String(url));
    }
  };
  return { started, restore: () => (window.Worker = Original) };
}

const spark = (blob: Blob) =>
  core
    .createMainThreadHasher({ engine: 'spark-md5' })
    .open(blob, 2 * MB)
    .run(never, () => {});

describe('MD5 in a Web Worker (hash-wasm), from the built bundle', () => {
  it('knows the MD5 of known inputs', async () => {
    const fox = new Blob(['The quick brown fox jumps over the lazy dog']);
    expect(
      await core
        .defaultHasher()
        .open(fox, 2 * MB)
        .run(never, () => {}),
    ).to.equal('9e107d9d372bb6826bd81d3542a419d6');
    expect(
      await core
        .defaultHasher()
        .open(new Blob([]), 2 * MB)
        .run(never, () => {}),
    ).to.equal('d41d8cd98f00b204e9800998ecf8427e');
  });

  it('hashes a 9 MB file in a worker loaded from beside the bundle, with progress per 2 MB slice', async () => {
    const workers = countWorkers();
    try {
      const blob = randomBlob(9 * MB);
      const progress: number[] = [];
      const md5 = await core
        .defaultHasher()
        .open(blob, 2 * MB)
        .run(never, (bytes) => progress.push(bytes));
      expect(md5).to.equal(await spark(blob));
      expect(progress).to.deep.equal([2, 4, 6, 8, 9].map((n) => n * MB));
      expect(workers.started).to.have.length(1);
      expect(workers.started[0]).to.match(/\/dist\/assets\/md5-worker-[\w-]+\.js$/);
    } finally {
      workers.restore();
    }
  });

  it('hands a worker that finished a file the next one, rather than starting another', async () => {
    const workers = countWorkers();
    try {
      const hasher = core.createWorkerHasher();
      for (const megabytes of [3, 5, 4]) {
        const blob = randomBlob(megabytes * MB);
        const task = hasher.open(blob, 2 * MB);
        expect(await task.run(never, () => {})).to.equal(await spark(blob));
        task.close();
      }
      expect(workers.started).to.have.length(1);
    } finally {
      workers.restore();
    }
  });

  it('pauses the worker and continues from the slice it reached', async () => {
    // The worker does not wait for the page between slices: the pause is sent at the first progress report, with
    // 23 slices still to go (a 12 MB file paused at 4 MB was once hashed whole before the page read that report).
    const blob = randomBlob(48 * MB);
    const task = core.defaultHasher().open(blob, 2 * MB);
    const pause = new AbortController();
    const before: number[] = [];
    expect(
      await task.run(pause.signal, (bytes) => {
        before.push(bytes);
        pause.abort();
      }),
    ).to.equal(null);
    const after: number[] = [];
    const md5 = await task.run(never, (bytes) => after.push(bytes));
    task.close();
    expect(md5).to.equal(await spark(blob));
    expect(after[0]).to.equal((before.at(-1) as number) + 2 * MB);
    expect(after.at(-1)).to.equal(48 * MB);
  });

  it('falls back to the main thread when the worker script cannot load, and says so once with the fix', async () => {
    const warnings: string[] = [];
    const warn = console.warn;
    console.warn = (...args: unknown[]) => warnings.push(args.join(' '));
    try {
      for (const megabytes of [3, 2]) {
        const blob = randomBlob(megabytes * MB);
        const task = core.createWorkerHasher({ url: '/dist/assets/no-such-worker.js' }).open(blob, 2 * MB);
        expect(await task.run(never, () => {})).to.equal(await spark(blob));
      }
    } finally {
      console.warn = warn;
    }
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain(`${location.origin}/dist/assets/no-such-worker.js`);
    expect(warnings[0]).to.contain('README › Workers and assets');
  });

  it('ships the classic bundle its own worker file, which hashes', async () => {
    const worker = new Worker('/dist/ph-widgets.md5-worker.js');
    const blob = new Blob(['The quick brown fox jumps over the lazy dog']);
    const answer = await new Promise<{ type: string; md5?: string; engine?: string }>((resolve) => {
      worker.onmessage = (event) => event.data.type !== 'progress' && resolve(event.data);
      worker.postMessage({ type: 'run', file: blob, sliceSize: 2 * MB });
    });
    worker.terminate();
    // It read the file on a second thread, a worker it started from its own script (read-ahead.ts).
    expect(answer).to.deep.equal({
      type: 'done',
      md5: '9e107d9d372bb6826bd81d3542a419d6',
      engine: 'hash-wasm',
      reading: 'reader-worker',
    });
  });
});

/** Runs `body` with no WebAssembly on the page (as under a CSP without 'wasm-unsafe-eval'), then puts it back. */
async function withoutWebAssembly<T>(body: () => Promise<T>): Promise<T> {
  const saved = Object.getOwnPropertyDescriptor(globalThis, 'WebAssembly') as PropertyDescriptor;
  Reflect.deleteProperty(globalThis, 'WebAssembly');
  try {
    return await body();
  } finally {
    Object.defineProperty(globalThis, 'WebAssembly', saved);
  }
}

/** A worker that starts with no WebAssembly, then loads the MD5 worker script at `url` (as a blob worker). */
function workerWithoutWebAssembly(url: string): Worker {
  const source = `delete self.WebAssembly; importScripts(${JSON.stringify(new URL(url, location.href).href)});`;
  const blobUrl = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  try {
    return new Worker(blobUrl);
  } finally {
    URL.revokeObjectURL(blobUrl);
  }
}

describe('MD5 where WebAssembly is unavailable (the spark-md5 engine)', () => {
  const fox = () => new Blob(['The quick brown fox jumps over the lazy dog']);

  it('the MD5 worker picks spark-md5 and knows the MD5 of known inputs, across slices', async () => {
    const hashIn = async (blob: Blob) => {
      const worker = workerWithoutWebAssembly('/dist/ph-widgets.md5-worker.js');
      try {
        return await new Promise<{ type: string; md5?: string; engine?: string }>((resolve) => {
          worker.onmessage = (event) => event.data.type !== 'progress' && resolve(event.data);
          worker.postMessage({ type: 'run', file: blob, sliceSize: 2 * MB });
        });
      } finally {
        worker.terminate();
      }
    };
    // Started from a blob URL, it cannot start a reader from its own script: it reads the file itself.
    expect(await hashIn(fox())).to.deep.equal({
      type: 'done',
      md5: '9e107d9d372bb6826bd81d3542a419d6',
      engine: 'spark-md5',
      reading: 'in-thread',
    });
    // 5 MB of a known pattern (byte i is i mod 251): three slices, the MD5 of node:crypto for the same bytes.
    const pattern = new Uint8Array(5 * MB).map((_, index) => index % 251);
    expect(await hashIn(new Blob([pattern]))).to.deep.equal({
      type: 'done',
      md5: '4c28640dc8df1933aaea192100d50ae0',
      engine: 'spark-md5',
      reading: 'in-thread',
    });
  });

  it('the main-thread hasher (auto) falls back to spark-md5 and gives the same MD5', async () => {
    const blob = randomBlob(5 * MB);
    const expected = await spark(blob);
    const [known, random] = await withoutWebAssembly(() =>
      Promise.all(
        [fox(), blob].map((input) =>
          core
            .createMainThreadHasher({ engine: 'auto' })
            .open(input, 2 * MB)
            .run(never, () => {}),
        ),
      ),
    );
    expect(known).to.equal('9e107d9d372bb6826bd81d3542a419d6');
    expect(random).to.equal(expected);
  });
});

describe('stored upload states in IndexedDB', () => {
  it('puts, gets and deletes a state by file fingerprint', async () => {
    const store = core.indexedDbStateStore(`ph-upload-test-${Date.now()}`);
    const fingerprint = core.fileFingerprint({
      fileName: 'a.mp4',
      size: 5,
      lastModified: 1,
      type: 'video/mp4',
      webkitRelativePath: '',
    });
    expect(await store.get(fingerprint)).to.equal(undefined);
    await store.put({ fingerprint, md5: 'a'.repeat(32), size: 5, updatedAt: 1 });
    expect(await store.get(fingerprint)).to.deep.equal({ fingerprint, md5: 'a'.repeat(32), size: 5, updatedAt: 1 });
    await store.delete(fingerprint);
    expect(await store.get(fingerprint)).to.equal(undefined);
  });
});

describe('the XMLHttpRequest transport against the reference server', () => {
  before(async () => {
    core.phinit({ code: 'upload', appCode: 'base', env: 'production', device: 'pc' });
    await core.request({
      url: '/api/uaa/oauth/login',
      method: 'post',
      json: true,
      data: { username: 'teacher', password: 'Demo@2026' },
      noIntercept: true,
    });
  });

  it('sends form fields with the session cookie, and a multipart file with upload progress', async () => {
    const transport = core.createXhrTransport({ recoverSession: async () => false });
    const check = await transport.send({
      path: core.ENDPOINTS.secondUploadCheck,
      fields: { md5: 'f'.repeat(32), name: 'x.png', serverid: 'base' },
      multipart: false,
    });
    expect(check).to.deep.include({ status: 200 });
    expect((check.body as { data: unknown }).data).to.equal(null);
    const blob = randomBlob(MB);
    const md5 = (await spark(blob)) as string;
    const progress: number[] = [];
    const stored = await transport.send({
      path: core.ENDPOINTS.singleUpload,
      fields: { serverid: 'base', uid: 'u1', md5, file: new File([blob], 'photo.png') },
      multipart: true,
      onProgress: (bytes) => progress.push(bytes),
    });
    expect((stored.body as { data: { md5: string; name: string } }).data).to.deep.include({ md5, name: 'photo.png' });
    await waitUntil(() => progress.length > 0, 'upload progress was reported');
    expect(progress.at(-1)).to.be.at.least(MB);
  });

  it('rejects with an abort when its signal aborts', async () => {
    const stop = new AbortController();
    const sending = core.createXhrTransport().send({
      path: core.ENDPOINTS.singleUpload,
      fields: { file: new File([randomBlob(4 * MB)], 'big.png') },
      multipart: true,
      signal: stop.signal,
    });
    stop.abort();
    let failure: unknown;
    await sending.catch((error: unknown) => {
      failure = error;
    });
    expect(failure).to.be.instanceOf(core.TransportError);
    expect((failure as InstanceType<typeof core.TransportError>).kind).to.equal('abort');
  });
});

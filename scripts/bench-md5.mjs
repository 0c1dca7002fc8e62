// MD5 of a 256 MB File in Chromium (issue 11, DESIGN §9), from the built dist/core bundle: our path (hash-wasm in
// the Web Worker emitted beside the bundle) against spark-md5 on the main thread, measured in the same page and
// run, alternating, median of 3; and the longest main-thread task while the worker hashes.
import { createServer } from 'node:http';
import { normalize } from 'node:path';
import { BENCH_PAGE_HEAD, runBenchPage, serveBenchFile } from './bench-page.mjs';

const PAGE = `${BENCH_PAGE_HEAD}<title>md5 bench</title>
<script type="module">
  import * as core from '/dist/core/index.js';
  const SLICE = 2 * 1024 * 1024;
  const never = new AbortController().signal;

  function makeFile(megabytes) {
    // 1 MB of random bytes repeated: random enough for MD5, cheap to make.
    const block = crypto.getRandomValues(new Uint8Array(65536));
    const mb = new Blob(Array.from({ length: 16 }, () => block));
    return new File(Array.from({ length: megabytes }, () => mb), 'bench.bin');
  }

  /**
   * The longest gap between ticks of a 4 ms interval on this thread while work runs: about the longest task it could
   * not run. An interval rather than a loop of zero-delay tasks: such a loop keeps the main thread busy, and on two
   * cores it took a tenth of the worker's speed from the run it watched.
   */
  function watchMainThread() {
    let longest = 0;
    let last = performance.now();
    const ticks = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 4);
    const longTasks = [];
    const observer = new PerformanceObserver((list) => longTasks.push(...list.getEntries().map((entry) => entry.duration)));
    observer.observe({ type: 'longtask' });
    return () => {
      clearInterval(ticks);
      observer.disconnect();
      return { longestGap: longest, longTasks };
    };
  }

  async function timed(hasher, file, watch) {
    const stop = watch ? watchMainThread() : null;
    const started = performance.now();
    const task = hasher.open(file, SLICE);
    const md5 = await task.run(never, () => {});
    const ms = performance.now() - started;
    task.close();
    return { md5, ms, main: stop?.() };
  }

  window.benchMd5 = async (megabytes, rounds) => {
    const file = makeFile(megabytes);
    const worker = core.createWorkerHasher({ engine: 'hash-wasm' });
    const spark = core.createMainThreadHasher({ engine: 'spark-md5' });
    const wasmMain = core.createMainThreadHasher({ engine: 'hash-wasm' });
    const small = makeFile(8);
    for (const hasher of [worker, spark, wasmMain]) await timed(hasher, small, false);
    const runs = [];
    for (let round = 0; round < rounds; round++) {
      runs.push({
        worker: await timed(worker, file, false),
        spark: await timed(spark, file, false),
        wasmMain: await timed(wasmMain, file, false),
      });
    }
    // The main thread's freedom in a run of its own, so that watching it takes nothing from the runs timed above.
    const watched = await timed(worker, file, true);
    return { size: file.size, runs, watched };
  };
  window.benchReady = true;
</script>`;

function serve() {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url, 'http://x').pathname));
    if (path === '/bench/md5.html') response.writeHead(200, { 'Content-Type': 'text/html' }).end(PAGE);
    else void serveBenchFile(path, response);
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Runs the bench and prints its lines; returns the figures. */
export async function benchMd5({ megabytes = 256, rounds = 3 } = {}) {
  const server = await serve();
  try {
    const url = `http://127.0.0.1:${server.address().port}/bench/md5.html`;
    const { size, runs, watched } = await runBenchPage(url, 'benchMd5', [megabytes, rounds]);
    for (const run of [...runs, { ...runs[0], worker: watched }]) {
      if (run.worker.md5 !== run.spark.md5 || run.wasmMain.md5 !== run.spark.md5)
        throw new Error('MD5 engines disagree');
    }
    const spark = median(runs.map((run) => run.spark.ms));
    const worker = median(runs.map((run) => run.worker.ms));
    const wasmMain = median(runs.map((run) => run.wasmMain.ms));
    const { longestGap, longTasks } = watched.main;
    const rate = (ms) => `${((size / 1024 / 1024) * (1000 / ms)).toFixed(0).padStart(4)} MB/s`;
    const line = (name, ms) =>
      console.log(
        `${`${ms.toFixed(0)} ms`.padStart(10)}  ${rate(ms)}  ${(spark / ms).toFixed(2).padStart(5)}x  ${name}`,
      );
    console.log(
      `\nMD5 of a ${megabytes} MB File in Chromium (dist/core, 2 MB slices), median of ${rounds}, speed-up over spark-md5 on the main thread measured in this run`,
    );
    line('spark-md5 on the main thread (baseline)', spark);
    line('hash-wasm in the Web Worker (the uploader, goal >= 3x)', worker);
    line('hash-wasm on the main thread (the fallback without workers)', wasmMain);
    const againstMain = wasmMain / worker;
    console.log(
      `  the worker against hash-wasm on the main thread: ${againstMain.toFixed(2)}x the speed (goal >= 1.00x): ${againstMain >= 1 && spark / worker >= 3 ? 'goals met' : 'GOAL MISSED'}`,
    );
    console.log(
      `  longest main-thread task while the worker hashed (a run of its own, ${watched.ms.toFixed(0)} ms): ${longestGap.toFixed(0)} ms (goal < 50 ms); tasks over 50 ms: ${longTasks.length}${longTasks.length ? ` (longest ${Math.max(...longTasks).toFixed(0)} ms)` : ''}`,
    );
    return { spark, worker, wasmMain, speedUp: spark / worker, againstMain, longestGap, longTasks };
  } finally {
    server.close();
  }
}

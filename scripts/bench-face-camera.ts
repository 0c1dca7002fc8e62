// `node --import tsx scripts/bench-face-camera.ts` (also run by `npm run bench`): ph-face in headless Chromium on a
// fake camera fed with face-api's own sample photo, clock-in mode against the reference server's descriptor matcher.
// Prints camera open → automatic capture (the clock-in request leaving the page), the detection rate (frames the
// detector read, counted as canvas pixel reads: tfjs's WebAssembly backend reads each frame once; the controller asks
// at most every FACE_DETECT_INTERVAL_MS) and the detector's bytes loaded.
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { ENDPOINTS } from '../src/core/api/wire';
import { FACE_DETECT_INTERVAL_MS } from '../src/core/face/constants';
import { startStage } from '../test/e2e/harness';
import { cameraArgs, faceMedia } from '../test/media/face';

const RUNS = 3;

const media = faceMedia();
const stage = await startStage({ faceMatcher: 'descriptor' });
const browser = await stage.launch(cameraArgs(media.faceVideo));
const rows: { captureMs: number; perSecond: number; bytes: number }[] = [];
try {
  for (let run = 0; run < RUNS; run += 1) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const login = await page.request.post(stage.url(ENDPOINTS.login), {
      headers: { 'X-PH-Device': 'pc' },
      data: { username: 'teacher', password: DEMO_PASSWORD },
    });
    if (!login.ok()) throw new Error(`sign-in failed: ${login.status()}`);
    let cameraAt = 0;
    let bytes = 0;
    await page.exposeFunction('benchCameraOpen', () => {
      cameraAt = Date.now();
    });
    // A string, not a function: tsx would name a function with a helper the page does not have.
    await page.addInitScript(`(() => {
      const open = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
      navigator.mediaDevices.getUserMedia = async (constraints) => {
        const stream = await open(constraints);
        window.benchCameraOpen();
        return stream;
      };
      window.benchReads = 0;
      const read = CanvasRenderingContext2D.prototype.getImageData;
      CanvasRenderingContext2D.prototype.getImageData = function (...args) {
        window.benchReads += 1;
        return read.apply(this, args);
      };
    })()`);
    page.on('response', async (response) => {
      if (/face-api|tfjs|tiny_face|\.wasm$/.test(response.url())) bytes += (await response.body()).length;
    });
    const captured = page.waitForRequest((request) => new URL(request.url()).pathname === ENDPOINTS.faceClocking, {
      timeout: 120_000,
    });
    await page.goto(stage.url('/demo/face/index.html?mode=orther'));
    await captured;
    const capturedAt = Date.now();
    const reads = Number(await page.evaluate('window.benchReads'));
    const captureMs = capturedAt - cameraAt;
    rows.push({ captureMs, perSecond: reads / (captureMs / 1000), bytes });
    await context.close();
  }
} finally {
  await stage.stop();
  media.dispose();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(`face camera (ph-face clock-in, headless Chromium, fake camera, ${RUNS} runs, median):`);
console.log(
  `  camera open → automatic capture: ${median(rows.map((row) => row.captureMs))} ms (runs: ${rows.map((row) => row.captureMs).join(', ')} ms; includes the 3 s countdown and more than 8 hits)`,
);
console.log(
  `  detection rate: ${median(rows.map((row) => row.perSecond)).toFixed(2)} per second (the controller asks at most every ${FACE_DETECT_INTERVAL_MS} ms: ${(1000 / FACE_DETECT_INTERVAL_MS).toFixed(0)} per second)`,
);
console.log(`  detector bytes loaded (face-api with tfjs, wasm, weights): ${rows[0]?.bytes ?? 0}`);

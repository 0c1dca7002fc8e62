// `node --import tsx scripts/bench-face-camera.ts` (also run by `npm run bench`): ph-face in headless Chromium,
// clock-in mode at the terminal account, against the reference server's descriptor matcher.
// 1. On Chromium's fake camera fed with face-api's own sample photo: camera open → automatic capture (the liveness
//    challenge's request leaving the page), the detection rate (frames the detector read: counted as the frames
//    posted to the detector worker, or where it runs on the main thread as canvas pixel reads, tfjs's WebAssembly
//    backend reading each frame once; the controller asks at most every FACE_DETECT_INTERVAL_MS), the detector's
//    bytes loaded (the worker's requests included), and how often that photo passed the challenge (never, if
//    the challenge works).
// 2. On a person camera (test/media/face.ts: the same face, which turns its head a moment after it is asked): how
//    often it clocks in at the first try, and the time from the capture to the server's answer (the frames recorded,
//    sent and checked).
import { DEMO_PASSWORD } from '../demo/server/db/seed-data';
import { ENDPOINTS } from '../src/core/api/wire';
import { FACE_DETECT_INTERVAL_MS } from '../src/core/face/constants';
import { startStage } from '../test/e2e/harness';
import { cameraArgs, faceMedia, personCamera, personPoses } from '../test/media/face';

const PHOTO_RUNS = 3;
const PERSON_RUNS = 10;

const media = faceMedia();
const poses = personPoses();
// The synthetic person is the same pictures at every run, which the server would rightly refuse as a replay: the
// bench keeps no pictures (the replay rule has its own tests).
const stage = await startStage({ faceMatcher: 'descriptor', facePictureMemorySeconds: 0 });
const browser = await stage.launch(cameraArgs(media.faceVideo));

/** A context signed in as `account` (cookies), and its page. */
async function signedInPage(account: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const login = await page.request.post(stage.url(ENDPOINTS.login), {
    headers: { 'X-PH-Device': 'pc' },
    data: { username: account, password: DEMO_PASSWORD },
  });
  if (!login.ok()) throw new Error(`${account} could not sign in: ${login.status()}`);
  return { context, page };
}

/** The status ph-face ends a clock-in in: success or failed (its section's data-status). */
async function clockInOutcome(page: import('playwright-core').Page): Promise<string> {
  const handle = await page.waitForFunction(
    () => {
      const status = document.querySelector('ph-face')?.shadowRoot?.querySelector('section')?.dataset.status;
      return status === 'success' || status === 'failed' ? status : null;
    },
    undefined,
    { timeout: 120_000 },
  );
  return (await handle.jsonValue()) as string;
}

// The teacher's face, registered from the camera's own picture.
{
  const { context, page } = await signedInPage('teacher');
  const photo = poses['0']!.split(',')[1]!;
  const saved = await page.request.post(stage.url(ENDPOINTS.faceCheck), {
    headers: { 'X-PH-Device': 'pc' },
    data: { faceImage: photo, userId: 'u-teacher' },
  });
  if (!saved.ok()) throw new Error(`face registration failed: ${saved.status()} ${await saved.text()}`);
  await context.close();
}

const photoRows: { captureMs: number; perSecond: number; bytes: number; passed: boolean }[] = [];
const personRows: { passed: boolean; answerMs: number }[] = [];
try {
  for (let run = 0; run < PHOTO_RUNS; run += 1) {
    const { context, page } = await signedInPage('terminal');
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
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (message, ...rest) {
        if (message && message.type === 'detect') window.benchReads += 1;
        return post.apply(this, [message, ...rest]);
      };
    })()`);
    page.on('response', async (response) => {
      if (/face-api|tfjs|tiny_face|\.wasm$/.test(response.url())) bytes += (await response.body()).length;
    });
    const captured = page.waitForRequest((request) => new URL(request.url()).pathname === ENDPOINTS.faceChallenge, {
      timeout: 120_000,
    });
    await page.goto(stage.url('/demo/face/index.html?mode=orther'));
    await captured;
    const captureMs = Date.now() - cameraAt;
    const reads = Number(await page.evaluate('window.benchReads'));
    const passed = (await clockInOutcome(page)) === 'success';
    photoRows.push({ captureMs, perSecond: reads / (captureMs / 1000), bytes, passed });
    await context.close();
  }
  for (let run = 0; run < PERSON_RUNS; run += 1) {
    const { context, page } = await signedInPage('terminal');
    await personCamera(page, poses);
    const captured = page.waitForRequest((request) => new URL(request.url()).pathname === ENDPOINTS.faceChallenge, {
      timeout: 120_000,
    });
    await page.goto(stage.url('/demo/face/index.html?mode=orther'));
    await captured;
    const capturedAt = Date.now();
    const passed = (await clockInOutcome(page)) === 'success';
    personRows.push({ passed, answerMs: Date.now() - capturedAt });
    await context.close();
  }
} finally {
  await stage.stop();
  media.dispose();
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
const passes = (rows: { passed: boolean }[]) => rows.filter((row) => row.passed).length;
console.log(`face camera (ph-face clock-in at the terminal, headless Chromium, median):`);
console.log(
  `  camera open → automatic capture: ${median(photoRows.map((row) => row.captureMs))} ms (runs: ${photoRows.map((row) => row.captureMs).join(', ')} ms; includes the 3 s countdown, through which the more than 8 hits are counted)`,
);
console.log(
  `  detection rate: ${median(photoRows.map((row) => row.perSecond)).toFixed(2)} per second (the controller asks at most every ${FACE_DETECT_INTERVAL_MS} ms: ${(1000 / FACE_DETECT_INTERVAL_MS).toFixed(0)} per second)`,
);
console.log(`  detector bytes loaded (face-api with tfjs, wasm, weights): ${photoRows[0]?.bytes ?? 0}`);
console.log(
  `  liveness, a photo held up (the fake camera's video): passed ${passes(photoRows)} of ${photoRows.length} (goal: 0)`,
);
console.log(
  `  liveness, a person turning the head when asked (either way, at random): passed at the first try ${passes(personRows)} of ${personRows.length} (goal ≥ 9 of 10, issue 54); capture → clocked in ${median(personRows.map((row) => row.answerMs))} ms (runs: ${personRows.map((row) => row.answerMs).join(', ')} ms; includes the frames of both turns)`,
);

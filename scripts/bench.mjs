// `npm run bench`: performance figures as ratios against a baseline measured in the same run (README §Performance).
// Gzip size of every bundle, and the work-chat page, against React + ReactDOM alone, built here now; then the
// MD5 of a 256 MB File in Chromium, the uploader's worker against spark-md5 on the main thread (bench-md5.mjs);
// then a 512 MB upload to the reference server against hash + one plain POST (bench-upload.ts); then the reference
// server's face descriptor time against the same call with digests (bench-face.mjs); then ph-face on a fake camera
// in Chromium, with the liveness challenge's pass rates (bench-face-camera.ts), and a gate queue of 10 arrivals at one
// clock-in terminal with face login's seconds (bench-face-queue.ts); then the offline Mandarin and Cantonese
// voice commands on espeak-ng speech (bench-speech.ts) and a command's release → page in Chromium (bench-voice.ts); then the shell's desktop with 300 apps against the seeded one, and the shell's
// own chunks against React alone (bench-desktop.ts); then the login page against a bare React form (bench-login.ts),
// Lighthouse's mobile figures of every page a user opens (bench-lighthouse.ts) and a fresh install's time
// (bench-install.mjs). Everything printed is kept in docs/bench/latest.txt, which the docs
// site's performance page shows (bench-record.mjs).
import { spawn } from 'node:child_process';
import { faceServerFigures } from './bench-face.mjs';
import { benchInstall } from './bench-install.mjs';
import { benchMd5 } from './bench-md5.mjs';
import { recordBench } from './bench-record.mjs';
import { benchRoutes } from './bench-routes.mjs';
import { elementFiles, gzipFile, kb, readBudgets, sharedChunks, workChatBundle } from './bundle-sizes.mjs';
import { reactAloneGzip } from './react-alone.mjs';

const record = recordBench();

/** A TypeScript bench script, its output shown as it comes (and recorded with the rest). */
function runScript(file) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', file], { stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout.on('data', (part) => process.stdout.write(part));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`${file} exited with ${code}`))));
  });
}

const baseline = await reactAloneGzip();
const budgets = readBudgets();
const workChat = workChatBundle(budgets.workChatElements);

const rows = [
  ['React + ReactDOM alone (baseline)', baseline],
  ['dist/ph-widgets.js (classic, all elements)', gzipFile('dist/ph-widgets.js')],
  ...sharedChunks().map((file) => [`${file} (shared runtime)`, gzipFile(file)]),
  ...elementFiles().map((file) => [`${file} (own chunk)`, gzipFile(file)]),
  [
    `work-chat page (${budgets.workChatElements.join(' + ')} + runtime)${workChat.missing.length ? ` [not built yet: ${workChat.missing.join(', ')}]` : ''}`,
    workChat.gzip,
  ],
  ['dist/core/index.js (framework-free core)', gzipFile('dist/core/index.js')],
  ['dist/shell/shell.js (shell page, React in its own chunk beside it)', gzipFile('dist/shell/shell.js')],
];

console.log('Bundle sizes (gzip -9), ratio to React + ReactDOM alone built in this run');
for (const [name, bytes] of rows) {
  console.log(`${kb(bytes).padStart(10)}  ${(bytes / baseline).toFixed(2).padStart(5)}x  ${name}`);
}

await benchRoutes();
await benchMd5();
// A 512 MB upload to the reference server on loopback: end to end against hash + one plain POST, bytes re-sent after an
// abort at 50 %, bytes sent for an identical file (a TypeScript script: it starts the reference server itself).
await runScript('scripts/bench-upload.ts');
await faceServerFigures();
// ph-face on a fake camera in Chromium (a TypeScript script: it starts the reference server through the e2e harness).
await runScript('scripts/bench-face-camera.ts');
// A gate queue at one clock-in terminal and face login, against issue 54's goals (seconds a person, server CPU).
await runScript('scripts/bench-face-queue.ts');
// Mandarin and Cantonese voice commands on the offline gateway's recogniser: right and rejected (issue 37).
await runScript('scripts/bench-speech.ts');
// A voice command from the button's release to its page in the browser, Cantonese against its goal (issue 56).
await runScript('scripts/bench-voice.ts');
// The desktop with 300 apps (issue 10), also a TypeScript script on the e2e harness.
await runScript('scripts/bench-desktop.ts');
// The login page at 4× CPU throttle against a bare React 19 form with the same fields (issue 24).
await runScript('scripts/bench-login.ts');
// Lighthouse 12's mobile run of every page a user opens, against issue 36's goals (installed into the cache once).
await runScript('scripts/bench-lighthouse.ts');
benchInstall();
record.save();

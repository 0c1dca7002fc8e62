// `npm test` needs system programs and files that npm cannot install: Debian's Chromium for the browser tiers; a CJK
// font so that zh-CN and zh-HK screens render readable text instead of empty boxes (screenshots included);
// pocketsphinx with its English model (the reference server's offline speech recognition), espeak-ng and sox (spoken
// test media); ffmpeg, which makes the fake camera's video for the face journeys at test time (no media is committed).
// As root we install what is missing with apt-get; otherwise we stop with one line saying what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM } from './chromium.mjs';

/** file that must exist → Debian package that provides it */
const REQUIRED = [
  [CHROMIUM, 'chromium'],
  ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', 'fonts-wqy-microhei'],
  ['/usr/bin/pocketsphinx_continuous', 'pocketsphinx'],
  ['/usr/share/pocketsphinx/model/en-us/en-us', 'pocketsphinx-en-us'],
  ['/usr/bin/espeak-ng', 'espeak-ng'],
  ['/usr/bin/sox', 'sox'],
  ['/usr/bin/ffmpeg', 'ffmpeg'],
];

const missing = REQUIRED.filter(([path]) => !existsSync(path)).map(([, pkg]) => pkg);
if (missing.length === 0) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
if (!isRoot) {
  console.error(`Missing system packages: run "sudo apt-get install -y ${missing.join(' ')}" and then npm test again.`);
  process.exit(1);
}

console.log(`Installing ${missing.join(', ')} with apt-get...`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
const result = spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], {
  stdio: 'inherit',
  env,
});
if (result.status !== 0) {
  console.error(`apt-get could not install ${missing.join(' ')}; install it by hand and run npm test again.`);
  process.exit(1);
}

// `npm start` and `npm test` need system programs and files that npm cannot install. The running product (npm start):
// pocketsphinx with its English model, the reference server's offline speech recognition (without it voice commands
// fail). The tests (npm test) need those too, and Debian's headless Chromium for the browser tiers; a CJK font so that zh-CN
// and zh-HK screens render readable text instead of empty boxes (screenshots included); espeak-ng and sox (spoken test
// media); ffmpeg, which makes the fake camera's video for the face journeys at test time (no media is committed).
// `node scripts/ensure-system-tools.mjs start|test`. As root we install what is missing with apt-get; otherwise we
// stop with one line saying what to install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CHROMIUM } from './chromium.mjs';

/** file that must exist → Debian package that provides it → the commands that need it */
const REQUIRED = [
  ['/usr/bin/pocketsphinx_batch', 'pocketsphinx', ['start', 'test']],
  ['/usr/share/pocketsphinx/model/en-us/en-us', 'pocketsphinx-en-us', ['start', 'test']],
  [CHROMIUM, 'chromium-headless-shell', ['test']],
  ['/usr/share/fonts/truetype/wqy/wqy-microhei.ttc', 'fonts-wqy-microhei', ['test']],
  ['/usr/bin/espeak-ng', 'espeak-ng', ['test']],
  ['/usr/bin/sox', 'sox', ['test']],
  ['/usr/bin/ffmpeg', 'ffmpeg', ['test']],
];

/**
 * The Debian packages that `command` (start or test) needs and this machine lacks.
 * @param {'start' | 'test'} command @param {(path: string) => boolean} exists
 */
export function missingPackages(command, exists = existsSync) {
  return REQUIRED.filter(([path, , commands]) => commands.includes(command) && !exists(path)).map(([, pkg]) => pkg);
}

function main() {
  const command = process.argv[2] ?? 'test';
  if (command !== 'start' && command !== 'test') {
    console.error(`usage: node scripts/ensure-system-tools.mjs start|test (not "${command}")`);
    process.exit(2);
  }
  const missing = missingPackages(command);
  if (missing.length === 0) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(
      `Missing system packages: run "sudo apt-get install -y ${missing.join(' ')}" and then npm ${command} again.`,
    );
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
    console.error(`apt-get could not install ${missing.join(' ')}; install it by hand and run npm ${command} again.`);
    process.exit(1);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

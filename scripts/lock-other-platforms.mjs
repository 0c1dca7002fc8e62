// The npm registry reachable here serves native packages for this platform only (linux-x64), so npm leaves the
// other platforms' optional packages (biome, rollup) out of package-lock.json, and `npm ci` then refuses the lock as
// out of sync. This adds the entries npm would have written — version from the parent, os/cpu/libc from the package
// name — so that `npm ci` works here and the lock stays usable on other platforms. Runs after every `npm install` that
// changes node_modules, as package.json's `dependencies` script: a `prepare` script went into the packed package.json,
// and npm 11 warned on every install of it that an install script awaited approval (issue 68).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const LOCK = 'package-lock.json';
const OSES = new Set(['android', 'darwin', 'freebsd', 'linux', 'openbsd', 'openharmony', 'win32', 'sunos', 'aix']);

/** `cli-darwin-arm64`, `rollup-linux-arm-musleabihf` → { os, cpu, libc } */
function platformOf(name) {
  const tokens = name.split('/').pop().split('-');
  const at = tokens.findIndex((token) => OSES.has(token));
  if (at < 0 || !tokens[at + 1]) return null;
  const [os, cpu, ...abi] = tokens.slice(at);
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux') platform.libc = [abi.some((part) => part.startsWith('musl')) ? 'musl' : 'glibc'];
  return platform;
}

// An install without a lock file (npm install --no-package-lock) has nothing to complete.
if (!existsSync(LOCK)) process.exit(0);
const lock = JSON.parse(readFileSync(LOCK, 'utf8'));
const packages = lock.packages;
let added = 0;
for (const entry of Object.values(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const key = `node_modules/${name}`;
    const platform = platformOf(name);
    if (packages[key] || !platform || !/^\d+\.\d+\.\d+$/.test(version)) continue;
    packages[key] = { version, ...platform, optional: true };
    if (entry.dev) packages[key].dev = true;
    added += 1;
  }
}
if (added > 0) {
  lock.packages = Object.fromEntries(
    Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : 1)),
  );
  writeFileSync(LOCK, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added} optional packages of other platforms`);
}

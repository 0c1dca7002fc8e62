import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { missingPackages } from '../../scripts/ensure-system-tools.mjs';

// README's two commands on a fresh machine (issue 24): `npm start` must bring what the running product needs — the
// offline speech recogniser behind voice commands — as `npm test` brings what the tests need.
const scripts = JSON.parse(readFileSync(resolve(import.meta.dirname, '..', '..', 'package.json'), 'utf8')).scripts;
const nothing = () => false;

describe('system packages for npm start and npm test', () => {
  it('npm start installs the speech recogniser and its English model, and nothing only tests use', () => {
    expect(missingPackages('start', nothing)).toEqual(['pocketsphinx', 'pocketsphinx-en-us']);
  });

  it('npm test installs those and the browser, the CJK font and the media tools', () => {
    expect(missingPackages('test', nothing).sort()).toEqual(
      [
        'chromium-headless-shell',
        'espeak-ng',
        'ffmpeg',
        'fonts-wqy-microhei',
        'pocketsphinx',
        'pocketsphinx-en-us',
        'sox',
      ].sort(),
    );
  });

  it('asks for nothing that is there already', () => {
    expect(missingPackages('start', () => true)).toEqual([]);
    expect(missingPackages('test', (path) => !path.includes('pocketsphinx'))).toEqual([
      'pocketsphinx',
      'pocketsphinx-en-us',
    ]);
  });

  it('npm start checks them before it builds and serves; npm test before its tiers', () => {
    expect(scripts.start).toMatch(/^node scripts\/ensure-system-tools\.mjs start && /);
    expect(scripts.pretest).toBe('node scripts/ensure-system-tools.mjs test');
  });
});

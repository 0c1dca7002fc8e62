import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';

// Issue 56: zh-HK's converter is a chunk of its own (`hk`, ES build) and a script beside the classic bundle
// (`ph-widgets.hk.js`), each at most 40 KB gzip; the runtime and the classic bundle do not carry its tables.
const gzip = (path: string) => gzipSync(readFileSync(path), { level: 9 }).length;
const elements = readdirSync('dist/elements');

describe('the zh-HK converter chunk (after npm run build)', () => {
  it('is one chunk `hk` and one classic script, each within 40 KB gzip', () => {
    const chunks = elements.filter((name) => /^hk-[\w-]+\.js$/.test(name));
    expect(chunks).toHaveLength(1);
    expect(gzip(`dist/elements/${chunks[0]}`)).toBeLessThanOrEqual(40 * 1024);
    expect(gzip('dist/ph-widgets.hk.js')).toBeLessThanOrEqual(40 * 1024);
  });

  it('stays out of the runtime chunk and the classic bundle', () => {
    const runtime = elements.filter((name) => /^runtime-[\w-]+\.js$/.test(name));
    for (const file of [...runtime.map((name) => `dist/elements/${name}`), 'dist/ph-widgets.js']) {
      // The first entry of OpenCC's character table: where it is absent, so is the table.
      expect(readFileSync(file, 'utf8')).not.toContain('㐷 傌');
    }
  });
});

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

// Issue 53: `npm run build` runs rollup beside tsc, and rollup's config used to empty dist/ as it loaded, while tsc
// could already be writing dist/types ("ENOTEMPTY: rmdir 'dist/types/core'", or declarations silently lost). Only
// scripts/build.mjs may empty dist/, before any step starts: loading the config must leave whatever a step that
// started first has written.
const ROOT = resolve(import.meta.dirname, '..', '..');
const work = mkdtempSync(join(tmpdir(), 'ph-build-order-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the build steps', () => {
  it('rollup.config.mjs deletes nothing a declarations step started first has written', () => {
    // The config reads the source tree relative to the working directory, as rollup runs it from the repository.
    for (const name of ['src', 'scripts', 'node_modules', 'package.json'])
      symlinkSync(join(ROOT, name), join(work, name));
    const declarations = join(work, 'dist', 'types', 'core');
    mkdirSync(declarations, { recursive: true });
    writeFileSync(join(declarations, 'index.d.ts'), 'export {};\n');

    const config = pathToFileURL(join(ROOT, 'rollup.config.mjs')).href;
    execFileSync(process.execPath, ['--input-type=module', '-e', `await import(${JSON.stringify(config)});`], {
      cwd: work,
      stdio: 'pipe',
    });

    expect(existsSync(join(declarations, 'index.d.ts'))).toBe(true);
  });
});

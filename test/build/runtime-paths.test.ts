import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/core/api/wire';

// The shared runtime chunk (built by `npm run build`) carries only the §7 paths its code reads. When an element's own
// chunk imports ENDPOINTS, the map is exported across chunks and rollup keeps every path on every page (about 1 KB
// gzip on the work-chat page): such a chunk reads its paths through a module of src/core/api instead
// (api/voice-paths.ts). These paths are read by the reference server only, so they must never reach the runtime.
const SERVER_ONLY = [ENDPOINTS.subapp, ENDPOINTS.appIcon, ENDPOINTS.nlsGateway];
const ELEMENTS = resolve(import.meta.dirname, '..', '..', 'dist', 'elements');

describe('the shared runtime chunk', () => {
  it('holds no path that only the reference server uses (ENDPOINTS is not kept whole)', () => {
    const runtime = readdirSync(ELEMENTS).filter((name) => /^runtime-[\w-]+\.js$/.test(name));
    expect(runtime).toHaveLength(1);
    const code = readFileSync(join(ELEMENTS, runtime[0] ?? ''), 'utf8');
    for (const path of SERVER_ONLY) expect(code, path).not.toContain(path);
  });
});

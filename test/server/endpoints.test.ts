import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '../../src/core/api/wire';
import { startServer, type TestServer } from './helpers';

// Issue 8 item 4: the server registers its routes from ENDPOINTS (wire.ts), so no path can drift from core's.

const serverDir = resolve(import.meta.dirname, '..', '..', 'demo', 'server');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

let t: TestServer;
beforeAll(async () => {
  t = await startServer();
});
afterAll(() => t.stop());

describe('routes from ENDPOINTS', () => {
  it('registers every endpoint of wire.ts', () => {
    for (const [name, url] of Object.entries(ENDPOINTS)) {
      const found = ['GET', 'POST'].some((method) => t.server.app.hasRoute({ method, url }));
      expect(found, `${name} ${url}`).toBe(true);
    }
  });

  it('leaves no path of spec §7 written as a string in demo/server', () => {
    const literal =
      /['"`](\/(api|zuul|sso|subapps|assets)\/[^'"`]*|[^'"`]*\/(manifest|package|version)\.json|\/common\/plugins\/[^'"`]*)['"`]/;
    for (const file of sources(serverDir)) {
      const lines = readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        if (/^\s*(\/\/|\*|\/\*\*)/.test(line)) return;
        // Prefixes that route whole families of paths (the guard hook, the site's reserved folders) are no calls.
        const match = literal.exec(line);
        if (match && !/^['"`]\/(api|zuul|zuul\/api|sso|subapps|assets|common)\/['"`]$/.test(match[0])) {
          expect.fail(`${file}:${index + 1}: ${line.trim()}`);
        }
      });
    }
  });
});

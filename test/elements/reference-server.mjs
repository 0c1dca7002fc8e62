// The element tier talks to the real reference server: started once for the run (temporary data dir, ephemeral
// port) and reached through the test page's own origin, so cookies and relative /api URLs behave as on a
// deployed page.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const PROXIED = ['/api/', '/zuul/', '/common/', '/sso/', '/assets/face-models/'];
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);

export function referenceServer() {
  let server = null;
  let dataDir = null;

  const plugin = {
    name: 'reference-server',
    async serverStart() {
      register();
      const { createServer } = await import('../../demo/server/index.ts');
      dataDir = mkdtempSync(join(tmpdir(), 'ph-wtr-'));
      // Many tests sign in with wrong passwords on purpose: the login limit is not what they test.
      server = await createServer({
        dataDir,
        port: 0,
        loginLimit: { perAccount: 10_000, perAddress: 10_000 },
        // Device-client ids are random per database; the login-mode tests name the teacher's in a page URL.
        deviceClientIds: { 'u-teacher': 'demo-pc-client-teacher', 'u-parent': 'demo-app-client-parent' },
      });
    },
    async serverStop() {
      await server?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };

  /** Koa middleware: forwards the platform paths to the reference server with the page's Host, cookies kept. */
  async function proxy(context, next) {
    if (!server || !PROXIED.some((prefix) => context.path.startsWith(prefix))) return next();
    const target = new URL(server.url);
    await new Promise((resolve, reject) => {
      const upstream = request(
        {
          hostname: target.hostname,
          port: target.port,
          method: context.method,
          path: context.originalUrl,
          headers: context.headers,
        },
        (answer) => {
          context.status = answer.statusCode ?? 502;
          for (const [name, value] of Object.entries(answer.headers)) {
            if (!HOP_BY_HOP.has(name) && value !== undefined) context.set(name, value);
          }
          context.body = answer;
          resolve();
        },
      );
      upstream.on('error', reject);
      context.req.pipe(upstream);
    });
  }

  return { plugin, proxy };
}

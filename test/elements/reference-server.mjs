// The element tier talks to the real reference server: started once for the run (temporary data dir, ephemeral
// port) and reached through the test page's own origin, so cookies and relative /api URLs behave as on a
// deployed page.
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

const PROXIED = ['/api/', '/zuul/', '/common/', '/sso/', '/assets/face-models/', '/subapps/'];
/** Sub-app manifests (`/{app}/manifest.json`): the shell's viewport tests load the seeded demo sub-apps. */
const MANIFEST = /^\/[A-Za-z0-9_-]+\/manifest\.json$/;
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
        loginLimit: {
          perAccount: 10_000,
          perAddress: 10_000,
          namesPerPassword: 10_000,
        },
        // Device-client ids are random per database; the login-mode tests name the teacher's in a page URL.
        deviceClientIds: { 'u-teacher': 'demo-pc-client-teacher', 'u-parent': 'demo-app-client-parent' },
      });
    },
    async serverStop() {
      await server?.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };

  // What reached the server, and faults to inject on the way (the uploader's tests): request bodies in bytes per
  // path since the last reset, and per path a number of requests to answer with HTTP 500 instead of forwarding.
  const traffic = { bytes: {}, requests: {}, faults: {} };

  /** `GET /__traffic` answers the counts; `POST /__traffic/reset`; `POST /__traffic/fault?path=…&times=N`. */
  async function trafficControl(context) {
    if (context.path === '/__traffic') {
      context.body = { bytes: traffic.bytes, requests: traffic.requests };
    } else if (context.path === '/__traffic/reset') {
      traffic.bytes = {};
      traffic.requests = {};
      traffic.faults = {};
      context.body = {};
    } else {
      traffic.faults[context.query.path] = Number(context.query.times);
      context.body = traffic.faults;
    }
  }

  const countBytes = (path, data) => {
    traffic.bytes[path] = (traffic.bytes[path] ?? 0) + data.length;
  };

  /** Counts the request; when a fault is due for its path, drains the body and answers HTTP 500 (true). */
  async function injectedFault(context) {
    const path = context.path;
    traffic.requests[path] = (traffic.requests[path] ?? 0) + 1;
    // A fault is named by the path the page asks for; the page may put a gateway prefix before it.
    const fault = Object.keys(traffic.faults).find((named) => path.endsWith(named) && traffic.faults[named] > 0);
    if (!fault) return false;
    traffic.faults[fault] -= 1;
    for await (const data of context.req) countBytes(path, data);
    context.status = 500;
    context.body = { status: 500, code: 'injected', message: '注入的故障|||Injected fault' };
    return true;
  }

  /** Koa middleware: forwards the platform paths to the reference server with the page's Host, cookies kept. */
  async function proxy(context, next) {
    if (context.path.startsWith('/__traffic')) return trafficControl(context);
    const platformPath = PROXIED.some((prefix) => context.path.startsWith(prefix)) || MANIFEST.test(context.path);
    if (!server || !platformPath) return next();
    if (await injectedFault(context)) return;
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
      // Counted beside the pipe, never before it: a data listener alone would let the body flow away unsent.
      context.req.on('data', (data) => countBytes(context.path, data));
    });
  }

  return { plugin, proxy };
}

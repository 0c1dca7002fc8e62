// The bench's front server (scripts/bench-upload.ts), on a thread of its own as a reverse proxy would be in its own
// process: it serves the bench page and dist/, forwards the platform paths to the reference server and the
// baseline's POST to a sink, counting request bodies per path (as the element tier's proxy does,
// test/elements/reference-server.mjs). Started as a worker with { upstream (the reference server's origin),
// sinkDir (the reference server's data directory: the same disk), page (the bench page's HTML), proxied (optional:
// the path prefixes forwarded upstream; ['/'] puts it in front of another server, as bench-upload-tus.ts does) };
// posts its port back.
import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { createServer, request } from 'node:http';
import { join, normalize } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { serveBenchFile } from './bench-page.mjs';

const PLATFORM_PATHS = ['/api/', '/zuul/', '/common/', '/sso/'];

/** @param {import('node:http').Server} server @returns {Promise<number>} the port */
const listen = (server) =>
  new Promise((done) => server.listen(0, '127.0.0.1', () => done(/** @type {any} */ (server.address()).port)));

/** The baseline's server: each POST body written to a file on the same disk as the reference server's store. */
/** @param {string} sinkDir */
function sinkServer(sinkDir) {
  let sinks = 0;
  return createServer((incoming, response) => {
    const file = join(sinkDir, `sink-${sinks++}`);
    pipeline(incoming, createWriteStream(file))
      .then(() => rm(file))
      .then(() => response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'))
      .catch(() => response.destroy());
  });
}

/**
 * The front server: page, static files, traffic counts, and the proxy to the reference server — and to the sink, so
 * the baseline's bytes take the same extra hop as the upload's.
 * @param {URL} upstream @param {URL} sink @param {string} page @param {string[]} proxied
 */
function frontServer(upstream, sink, page, proxied) {
  /** @type {{ bytes: Record<string, number>, requests: Record<string, number> }} */
  let traffic = { bytes: {}, requests: {} };
  /** @param {string} path @param {number} bytes */
  const count = (path, bytes) => {
    traffic.bytes[path] = (traffic.bytes[path] ?? 0) + bytes;
  };

  /**
   * @param {import('node:http').IncomingMessage} incoming @param {import('node:http').ServerResponse} response
   * @param {string} path
   */
  function forward(incoming, response, path, to = upstream) {
    traffic.requests[path] = (traffic.requests[path] ?? 0) + 1;
    const outgoing = request(
      {
        hostname: to.hostname,
        port: to.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => response.destroy());
    // Counted beside the pipe: the bytes that reached the server, aborted requests' partial bodies included.
    incoming.on('data', (/** @type {Buffer} */ data) => count(path, data.length));
    incoming.pipe(outgoing);
  }

  return createServer((incoming, response) => {
    const path = normalize(decodeURIComponent(new URL(incoming.url ?? '/', 'http://x').pathname));
    if (path === '/bench/upload.html') return response.writeHead(200, { 'Content-Type': 'text/html' }).end(page);
    if (path === '/__traffic') return response.writeHead(200).end(JSON.stringify(traffic));
    if (path === '/__traffic/reset') {
      traffic = { bytes: {}, requests: {} };
      return response.writeHead(200).end('{}');
    }
    if (path === '/__sink') return forward(incoming, response, path, sink);
    if (proxied.some((prefix) => path.startsWith(prefix))) return forward(incoming, response, path);
    return void serveBenchFile(path, response);
  });
}

/** @type {{ upstream: string, sinkDir: string, page: string, proxied?: string[] }} */
const options = workerData;
const sink = sinkServer(options.sinkDir);
const front = frontServer(
  new URL(options.upstream),
  new URL(`http://127.0.0.1:${await listen(sink)}`),
  options.page,
  options.proxied ?? PLATFORM_PATHS,
);
parentPort?.postMessage(await listen(front));

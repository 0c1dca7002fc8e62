// Face figures of `npm run bench` (issue 12): the reference server's descriptor time per photo, as a ratio to the
// same call with the digest matcher (HTTP, JSON, base64, database: everything but the description), both measured
// now, on the same photo.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { register } from 'tsx/esm/api';

register();
const { createServer } = await import('../demo/server/index.ts');
const { facePhoto } = await import('../test/server/face-photos.ts');
const { Client } = await import('../test/server/helpers.ts');

const ROUNDS = 5;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Median time of registering the same 480 × 480 face photo, and what the matcher reports. */
async function timeFaceCheck(faceMatcher) {
  const dataDir = mkdtempSync(join(tmpdir(), 'ph-bench-face-'));
  const server = await createServer({ dataDir, port: 0, faceMatcher });
  try {
    const started = performance.now();
    await server.context.faceMatcher.warmUp?.();
    const warmMs = performance.now() - started;
    const client = new Client(server.url);
    await client.login('teacher');
    const faceImage = facePhoto('a').toString('base64');
    const times = [];
    const inside = [];
    for (let round = 0; round < ROUNDS; round++) {
      const before = performance.now();
      const answer = await client.post('/api/uaa/face/check', { faceImage, userId: 'u-teacher' });
      if (answer.status !== 200) throw new Error(`face/check answered ${answer.status}: ${answer.text}`);
      times.push(performance.now() - before);
      inside.push(server.context.faceMatcher.lastDescribeMs ?? 0);
    }
    return { ms: median(times), insideMs: median(inside), warmMs };
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function faceServerFigures() {
  const digest = await timeFaceCheck('digest');
  const descriptor = await timeFaceCheck('descriptor');
  console.log('\nFace, reference server (median of 5 registrations of one 480 × 480 JPEG)');
  console.log(`${digest.ms.toFixed(1).padStart(8)} ms  1.00x  face/check with the digest matcher (baseline)`);
  console.log(
    `${descriptor.ms.toFixed(1).padStart(8)} ms  ${(descriptor.ms / digest.ms).toFixed(1).padStart(5)}x  face/check with the descriptor matcher (${descriptor.insideMs.toFixed(0)} ms of it in the worker)`,
  );
  console.log(`${descriptor.warmMs.toFixed(0).padStart(8)} ms         worker start and face models loaded (once)`);
}

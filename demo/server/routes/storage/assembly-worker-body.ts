import { parentPort, workerData } from 'node:worker_threads';
import { Assemblies } from './assembly';
import type { AssemblyCall, AssemblyReply } from './assembly-thread';

// The assemblies on a thread of their own: reading, hashing (MD5 and SHA-256) and appending each chunk take about a
// third of the server's thread during a large upload, and the requests wait behind them there.

const assemblies = new Assemblies((workerData as { limit?: number } | undefined)?.limit);
const port = parentPort;

port?.on('message', async ({ id, method, args }: AssemblyCall) => {
  let reply: AssemblyReply;
  try {
    const run = assemblies[method] as (...values: unknown[]) => Promise<unknown>;
    reply = { id, result: await run.apply(assemblies, args) };
  } catch (error) {
    reply = { id, error: String(error) };
  }
  port.postMessage(reply);
});

import { Worker } from 'node:worker_threads';
import type { AssemblyRequest, AssemblyService } from './assembly';
import type { TempFile } from './temp-files';

type Method = keyof AssemblyService;

export interface AssemblyCall {
  id: number;
  method: Method;
  args: unknown[];
}

export type AssemblyReply = { id: number; result: unknown } | { id: number; error: string };

/**
 * The store's assemblies, run by a worker thread (assembly-worker.mjs) so that the server's thread only parses and
 * places chunks. The worker starts with the first chunk. Nothing here can fail an upload: if the worker is gone, an
 * advance is dropped and a finish answers null, and the merge concatenates the chunk files instead.
 */
export class AssemblyThread implements AssemblyService {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, (reply: AssemblyReply) => void>();
  private nextId = 1;

  constructor(private readonly limit?: number) {}

  async advance(request: AssemblyRequest): Promise<void> {
    await this.call('advance', [request]).catch(() => undefined);
  }

  async finish(folder: string, count: number, md5: string): Promise<TempFile | null> {
    return ((await this.call('finish', [folder, count, md5]).catch(() => null)) as TempFile | null) ?? null;
  }

  async drop(folder: string): Promise<void> {
    if (!this.worker) return;
    await this.call('drop', [folder]).catch(() => undefined);
  }

  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    await this.call('close', []).catch(() => undefined);
    this.worker = null;
    await worker.terminate();
  }

  private call(method: Method, args: unknown[]): Promise<unknown> {
    const worker = this.start();
    const id = this.nextId++;
    worker.ref();
    return new Promise((resolve, reject) => {
      this.pending.set(id, (reply) => ('error' in reply ? reject(new Error(reply.error)) : resolve(reply.result)));
      worker.postMessage({ id, method, args } satisfies AssemblyCall);
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL('./assembly-worker.mjs', import.meta.url), { workerData: { limit: this.limit } });
    worker.on('message', (reply: AssemblyReply) => {
      const settle = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      if (this.pending.size === 0) worker.unref();
      settle?.(reply);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const settle of this.pending.values()) settle({ id: 0, error: String(error) });
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`assembly worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }
}

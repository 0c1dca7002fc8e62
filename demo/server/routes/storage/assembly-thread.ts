import { Worker } from 'node:worker_threads';
import type { AssemblyService, Expected } from './assembly';
import type { TempFile } from './temp-files';
import type { UploadFolder } from './upload-folder';

type Method = keyof AssemblyService;

export interface AssemblyCall {
  id: number;
  method: Method;
  args: unknown[];
}

export type AssemblyReply = { id: number; result: unknown } | { id: number; error: string };

/**
 * The store's assemblies, run by a worker thread (assembly-worker.mjs) so that the server's thread only parses and
 * places chunks. The worker starts with the first chunk. If the worker is gone, an advance is dropped, and the
 * merge's finish starts another that reads the data file from the start.
 */
export class AssemblyThread implements AssemblyService {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, (reply: AssemblyReply) => void>();
  private nextId = 1;

  constructor(private readonly limit?: number) {}

  async advance(upload: UploadFolder): Promise<void> {
    await this.call('advance', [upload]).catch(() => undefined);
  }

  async rewriting(folder: string, chunk: number): Promise<void> {
    if (!this.worker) return;
    await this.call('rewriting', [folder, chunk]).catch(() => undefined);
  }

  async finish(upload: UploadFolder, expected: Expected, tempPath: string): Promise<TempFile | null> {
    return (await this.call('finish', [upload, expected, tempPath])) as TempFile | null;
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

// A Chromium driven over the DevTools protocol's pipe (`--remote-debugging-pipe`) with only the domains a measurement
// asks for. Playwright enables the Runtime domain on every page and compiles its own script into it; both cost the page
// main-thread time that a visitor's browser does not spend (bench-login.ts says how much), so a measurement of what a
// visitor waits for drives the browser through this instead.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { CHROMIUM, chromiumArgs } from './chromium.mjs';

export interface ProtocolEvent {
  method: string;
  params: Record<string, unknown>;
  sessionId?: string;
}

export interface DevtoolsPipe {
  /** Sends a command (to a page when `sessionId` is given) and resolves with its result; rejects with its error. */
  send(method: string, params?: object, sessionId?: string): Promise<Record<string, unknown>>;
  /** Calls `listener` with every event until the returned function is called. */
  listen(listener: (event: ProtocolEvent) => void): () => void;
  close(): Promise<void>;
}

interface Reply {
  id: number;
  result?: Record<string, unknown>;
  error?: { message: string };
}

/** Launches headless Chromium (the tiers' flags) on a fresh profile, spoken to over the pipe. */
export function launchOverPipe(): DevtoolsPipe {
  const profile = mkdtempSync(join(tmpdir(), 'ph-devtools-pipe-'));
  const child = spawn(
    CHROMIUM,
    [...chromiumArgs(), '--headless', '--remote-debugging-pipe', `--user-data-dir=${profile}`],
    {
      stdio: ['ignore', 'ignore', 'ignore', 'pipe', 'pipe'],
    },
  );
  const toBrowser = child.stdio[3] as Writable;
  const fromBrowser = child.stdio[4] as Readable;
  const waiting = new Map<number, (reply: Reply) => void>();
  const listeners = new Set<(event: ProtocolEvent) => void>();
  let nextId = 0;
  let pending = '';
  // Messages are JSON, each ended by a NUL byte. The stream decodes UTF-8 itself, so a character split between two
  // chunks (Chinese page text) arrives whole.
  fromBrowser.setEncoding('utf8');
  fromBrowser.on('data', (chunk: string) => {
    pending += chunk;
    for (let end = pending.indexOf('\0'); end >= 0; end = pending.indexOf('\0')) {
      const message = JSON.parse(pending.slice(0, end)) as Reply & ProtocolEvent;
      pending = pending.slice(end + 1);
      const reply = waiting.get(message.id);
      if (reply) {
        waiting.delete(message.id);
        reply(message);
      } else if (message.method) for (const listener of listeners) listener(message);
    }
  });
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      // A browser gone mid-measurement fails what waits on it instead of leaving it waiting.
      for (const [id, reply] of waiting) reply({ id, error: { message: `Chromium exited (${code ?? signal})` } });
      waiting.clear();
      resolve();
    }),
  );
  return {
    send(method, params = {}, sessionId) {
      nextId += 1;
      const id = nextId;
      return new Promise((resolve, reject) => {
        waiting.set(id, (reply) =>
          reply.error ? reject(new Error(`${method}: ${reply.error.message}`)) : resolve(reply.result ?? {}),
        );
        toBrowser.write(`${JSON.stringify({ id, method, params, sessionId })}\0`);
      });
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      // Browser.close ends the browser and its helpers; the streams go too, since a helper could hold the pipe open.
      this.send('Browser.close').catch(() => child.kill());
      await exited;
      toBrowser.destroy();
      fromBrowser.destroy();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

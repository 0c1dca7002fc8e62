import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEMA_VERSION } from '../../demo/server/db/migrations';
import { USERS } from '../../demo/server/db/seed-data';
import { openSqlite } from '../../demo/server/db/sqlite';
import { timeLeftMs } from '../support/eventually';
import { Client } from './helpers';

const repo = resolve(import.meta.dirname, '..', '..');
const dataDir = mkdtempSync(join(tmpdir(), 'ph-cli-test-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Starts the CLI exactly as a person would (tsx), on a free port; resolves with the printed URL and the output. */
function start(): Promise<{
  child: ChildProcess;
  url: string;
  output: () => string;
  printed: (text: string) => Promise<void>;
}> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(repo, 'demo/server/main.ts')], {
    cwd: repo,
    env: { ...process.env, PORT: '0', PH_DATA_DIR: dataDir, PH_LOG: '0' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const watchers: { text: string; done: () => void }[] = [];
  /** Resolves once the output contains `text` (the test's own timeout bounds the wait). */
  const printed = (text: string) =>
    new Promise<void>((done) => (output.includes(text) ? done() : watchers.push({ text, done })));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => reject(new Error(`no URL printed:\n${output}`)), timeLeftMs());
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      for (const watcher of watchers.filter((w) => output.includes(w.text))) watcher.done();
      const url = /reference server: (http:\/\/[^/\s]+)\//.exec(output)?.[1];
      if (url && /Device clients[\s\S]*teacher/.test(output)) {
        clearTimeout(timer);
        resolvePromise({ child, url, output: () => output, printed });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}:\n${output}`)));
  });
}

function stop(child: ChildProcess, signal: NodeJS.Signals): Promise<number | null> {
  return new Promise((resolvePromise) => {
    child.once('exit', (code) => resolvePromise(code));
    child.kill(signal);
  });
}

describe('demo/server/main.ts', () => {
  // Two starts of the server as its own process (tsx loads it whole each time) and face-api's models: about 12 CPU
  // seconds, 13 s alone and 29–30 s beside the suite's three other lanes, at the tier's 30 s limit (it failed there
  // once on 2026-12-02). A limit, not a wait: every wait inside ends as soon as its line is printed.
  it('creates and seeds ph.db, prints the URL and accounts, serves logins, and shuts down cleanly twice', {
    timeout: 60_000,
  }, async () => {
    const first = await start();
    expect(first.output()).toContain('Demo accounts (password Demo@2026)');
    // npm start matches faces by face-api descriptors unless PH_FACE_MATCHER says otherwise (issue 12 item 4).
    // Waited for, not read at once: under load that line may arrive in a later chunk than the URL.
    await first.printed('Face matching: face-api descriptors, Euclidean distance at most 0.4');
    await first.printed('Face models loaded in');
    expect(first.output()).not.toContain('Face models failed');
    for (const name of ['teacher', 'admin', 'staff', 'parent', 'parent1', 'student', 'areauser', 'expired']) {
      expect(first.output()).toContain(`  ${name}`);
    }
    expect(existsSync(join(dataDir, 'ph.db'))).toBe(true);
    // Device-client ids are random per database, so the start prints them.
    expect(first.output()).toMatch(/Device clients[^\n]*\n\s+[A-Za-z0-9_-]{22,}\s+parent/);
    const login = await new Client(first.url).login('teacher');
    expect(login.body.code).toBe('ok');
    expect(await stop(first.child, 'SIGTERM')).toBe(0);

    const db = openSqlite(join(dataDir, 'ph.db'));
    const seededAt = db.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get();
    db.close();

    const second = await start();
    expect((await new Client(second.url).login('parent')).body.code).toBe('ok');
    expect(await stop(second.child, 'SIGINT')).toBe(0);
    const again = openSqlite(join(dataDir, 'ph.db'));
    expect(again.prepare("SELECT value FROM meta WHERE key = 'seeded_at'").get()).toEqual(seededAt);
    expect(again.prepare('SELECT version FROM schema_version').get()).toEqual({ version: SCHEMA_VERSION });
    expect(again.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: USERS.length });
    again.close();
  });
});

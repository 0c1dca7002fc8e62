// The consumer apps' builds and servers, as their authors run them: `vite build`, `vite preview`, `next build`,
// `next start`, webpack's own API. The tools are this repository's (devDependencies, installed once by `npm ci`): an app lives under
// <repo>/.cache and finds them by walking up, while ph-widgets and React come from the app workspace's own install
// of the packed tarball (install.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';

const repo = resolve(import.meta.dirname, '..', '..');
export const VITE = join(repo, 'node_modules/vite/bin/vite.js');
export const NEXT = join(repo, 'node_modules/next/dist/bin/next');

/** Runs a Node script to its end; rejects with what it printed when it fails. */
export function runNode(script: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [script, ...args], { cwd, env: { ...process.env, ...env } });
    const output: Buffer[] = [];
    child.stdout.on('data', (part) => output.push(part));
    child.stderr.on('data', (part) => output.push(part));
    child.on('error', fail);
    child.on('close', (code) => {
      const text = Buffer.concat(output).toString('utf8');
      if (code === 0) done(text);
      else fail(new Error(`${script} ${args.join(' ')} (in ${cwd}) exited with ${code}:\n${text}`));
    });
  });
}

/** Builds the webpack app in `cwd` from its webpack.config.mjs; rejects with webpack's errors and warnings. */
export function webpackBuild(cwd: string): Promise<string> {
  const script = [
    "import webpack from 'webpack';",
    "import config from './webpack.config.mjs';",
    'webpack(config, (error, stats) => {',
    '  if (error) throw error;',
    '  const { errors, warnings } = stats.toJson({ all: false, errors: true, warnings: true });',
    '  if (errors.length || warnings.length) {',
    '    console.error([...errors, ...warnings].map((problem) => problem.message).join(String.fromCharCode(10)));',
    '    process.exitCode = 1;',
    '  }',
    '});',
  ].join('\n');
  return runNode('--input-type=module', ['-e', script], cwd);
}

/** A port nobody listens on now (for a server whose port must be known before it starts). */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.on('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });
}

export interface AppServer {
  url: string;
  stop(): Promise<void>;
}

/** Starts a Node server script and waits until `url` answers (as long as the test may run). */
export async function startServer(
  script: string,
  args: string[],
  cwd: string,
  url: string,
  env: NodeJS.ProcessEnv = {},
): Promise<AppServer> {
  const child: ChildProcess = spawn(process.execPath, [script, ...args], {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: Buffer[] = [];
  child.stdout?.on('data', (part) => output.push(part));
  child.stderr?.on('data', (part) => output.push(part));
  const exited = new Promise<never>((_, fail) =>
    child.on('close', (code) => fail(new Error(`${script} exited with ${code}:\n${Buffer.concat(output)}`))),
  );
  const answering = (async () => {
    for (;;) {
      try {
        await fetch(url);
        return;
      } catch {
        await new Promise((tick) => setTimeout(tick, 100));
      }
    }
  })();
  await Promise.race([answering, exited]);
  exited.catch(() => {});
  return {
    url,
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done();
        child.once('close', () => done());
        child.kill();
      }),
  };
}

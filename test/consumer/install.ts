// Installs the tarball `npm pack` made into a consumer project the way a user would (`npm ci`), with no network:
// the consumer's package-lock.json is cut from ours (the packages the tarball and the project need, at the versions
// this repository was tested with, each with its registry address and integrity), so every package comes from the
// npm cache that installing this repository filled.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';

interface LockEntry {
  version?: string;
  resolved?: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  optional?: boolean;
  dev?: boolean;
  devOptional?: boolean;
  peer?: boolean;
  [field: string]: unknown;
}

export interface PackedPackage {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  license?: string;
  engines?: Record<string, string>;
}

const repo = resolve(import.meta.dirname, '..', '..');

/** Where `name` resolves from the package at lock path `from` ('' = the root), as Node and npm resolve it. */
function locate(packages: Record<string, LockEntry>, from: string, name: string): string | undefined {
  let base = from;
  for (;;) {
    const candidate = base ? `${base}/node_modules/${name}` : `node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent >= 0 ? base.slice(0, parent) : '';
  }
}

function packageName(path: string): string {
  return path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length);
}

function registryTarball(registry: string, name: string, version: string): string {
  return new URL(`${name}/-/${basename(name)}-${version}.tgz`, registry).href;
}

/** Lock entries of `roots` and everything they need, at the paths of our lock (a subset of a valid tree). */
function closure(packages: Record<string, LockEntry>, roots: string[], registry: string): Record<string, LockEntry> {
  const picked: Record<string, LockEntry> = {};
  const visit = (from: string, name: string, optional: boolean) => {
    const path = locate(packages, from, name);
    if (!path) {
      if (optional) return;
      throw new Error(`${name} (needed by ${from || 'the consumer'}) is not in package-lock.json`);
    }
    if (picked[path]) return;
    const { dev: _dev, devOptional: _devOptional, peer: _peer, ...entry } = packages[path]!;
    picked[path] = entry.version
      ? { ...entry, resolved: registryTarball(registry, packageName(path), entry.version) }
      : entry;
    for (const dependency of Object.keys(entry.dependencies ?? {})) visit(path, dependency, false);
    for (const dependency of Object.keys(entry.optionalDependencies ?? {})) visit(path, dependency, true);
    for (const dependency of Object.keys(entry.peerDependencies ?? {})) {
      visit(path, dependency, entry.peerDependenciesMeta?.[dependency]?.optional === true);
    }
  };
  for (const name of roots) visit('', name, false);
  return picked;
}

/**
 * Writes package.json and package-lock.json of a consumer in `dir` that depends on the tarball and on `tools`
 * (at our versions), then runs `npm ci` there (install scripts included, as a user's install runs them). Answers
 * what npm printed: an install of the package must print no warning (issue 68: a `prepare` script in the packed
 * package.json had npm 11 warn on every install).
 */
export function installConsumer(dir: string, tarball: string, packed: PackedPackage, tools: string[]): string {
  const lock = JSON.parse(readFileSync(join(repo, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const registry = process.env.npm_config_registry || 'https://registry.npmjs.org/';
  const required = [...Object.keys(packed.dependencies ?? {}), ...Object.keys(packed.peerDependencies ?? {})];
  const entries = closure(lock.packages, [...new Set([...required, ...tools])], registry);
  const versionOf = (name: string) => entries[`node_modules/${name}`]!.version!;
  const tarballSpec = `file:${tarball}`;
  const dependencies = Object.fromEntries([
    [packed.name, tarballSpec],
    ...[...new Set([...Object.keys(packed.peerDependencies ?? {}), ...tools])]
      .sort()
      .map((name) => [name, versionOf(name)]),
  ]);
  const manifest = { name: 'ph-widgets-consumer', version: '1.0.0', private: true, type: 'module', dependencies };
  const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
  const consumerLock = {
    name: manifest.name,
    version: manifest.version,
    lockfileVersion: 3,
    requires: true,
    packages: {
      '': { name: manifest.name, version: manifest.version, dependencies },
      [`node_modules/${packed.name}`]: {
        version: packed.version,
        resolved: tarballSpec,
        integrity,
        license: packed.license,
        dependencies: packed.dependencies,
        peerDependencies: packed.peerDependencies,
        peerDependenciesMeta: packed.peerDependenciesMeta,
        engines: packed.engines,
      },
      ...entries,
    },
  };
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'package-lock.json'), `${JSON.stringify(consumerLock, null, 2)}\n`);
  const npm = spawnSync('npm', ['ci', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=warn'], {
    cwd: dir,
    encoding: 'utf8',
  });
  const output = `${npm.stdout}${npm.stderr}`;
  if (npm.status !== 0) throw new Error(`npm ci failed in ${dir}:\n${output}`);
  return output;
}

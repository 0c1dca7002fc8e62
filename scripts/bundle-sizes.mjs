// Gzip sizes of the built bundles (DESIGN §5, §9), shared by `npm run size` and `npm run bench`.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export const DIST = 'dist';
const ELEMENTS = join(DIST, 'elements');

export function gzipBytes(source) {
  return gzipSync(source, { level: 9 }).length;
}

export function gzipFile(path) {
  return gzipBytes(readFileSync(path));
}

/** Element entry modules: dist/elements/ph-*.js. */
export function elementFiles() {
  return readdirSync(ELEMENTS)
    .filter((name) => /^ph-[\w-]+\.js$/.test(name))
    .map((name) => join(ELEMENTS, name));
}

/** Chunks a module pulls in statically (`import … from "./x.js"`), transitively; lazy imports excluded. */
export function staticClosure(entries) {
  const seen = new Set();
  const visit = (path) => {
    if (seen.has(path)) return;
    seen.add(path);
    const code = readFileSync(path, 'utf8');
    for (const match of code.matchAll(
      /(?:^|[;}\s])(?:import|export)\s*(?:[\w$*{}\s,]*from\s*)?["'](\.\/[^"']+)["']/g,
    )) {
      visit(join(ELEMENTS, match[1]));
    }
  };
  for (const entry of entries) visit(entry);
  return [...seen];
}

/**
 * Chunks a module loads later (`import("./x.js")`, e.g. a widget behind React.lazy), with what they import
 * statically, minus what the module already loaded statically.
 */
export function lazyClosure(entry) {
  const loaded = new Set(staticClosure([entry]));
  const lazy = [];
  for (const file of loaded) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bimport\(\s*["'](\.\/[^"']+)["']\s*\)/g)) {
      lazy.push(join(ELEMENTS, match[1]));
    }
  }
  return staticClosure(lazy).filter((file) => !loaded.has(file));
}

/** Script a work-chat page loads: the listed element modules and everything they import statically. */
export function workChatBundle(elementNames) {
  const present = elementNames.filter((name) => elementFiles().includes(join(ELEMENTS, `${name}.js`)));
  const entries = present.map((name) => join(ELEMENTS, `${name}.js`));
  // Until its elements are built, such a page is measured by the shared chunks every element imports.
  const all = entries.length > 0 ? staticClosure(entries) : sharedChunks();
  return {
    files: all,
    missing: elementNames.filter((name) => !present.includes(name)),
    gzip: all.reduce((sum, file) => sum + gzipFile(file), 0),
  };
}

/** Chunks imported by element modules, without the element modules themselves. */
export function sharedChunks() {
  const elements = elementFiles();
  return staticClosure(elements).filter((file) => !elements.includes(file));
}

export function readBudgets() {
  return JSON.parse(readFileSync('package.json', 'utf8')).sizeBudgets;
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

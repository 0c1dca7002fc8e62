import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import ts from '@typescript/typescript6';

// The repository's relative imports as a graph, for the import floors and circles check (issue 57). Specifiers are
// read with TypeScript's own pre-processor, so static, type-only, re-exported and dynamic imports all count.

/** A file, relative to the repository root with `/`, → the files it imports relatively (resolved the same way). */
export type ImportGraph = Map<string, string[]>;

/** Files under `from` may not import files under any of `mayNotImport` (folders relative to the root, ending in /). */
export interface Floor {
  from: string;
  mayNotImport: string[];
}

const SOURCE = /\.(tsx?|mts|mjs|js)$/;
const DECLARATION = /\.d\.m?ts$/;
/** What a specifier without its file's extension may name; `.js` and `.mjs` specifiers may name TypeScript. */
const EXTENSIONS = ['.ts', '.tsx', '.mts', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.js'];

/** Every source file under `dir` (absolute), but declarations and the folders in `skip` (relative to `root`). */
function sources(root: string, dir: string, skip: readonly string[]): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    const name = relative(root, path).split('\\').join('/');
    if (entry.isDirectory())
      return entry.name === 'node_modules' || skip.includes(name) ? [] : sources(root, path, skip);
    return SOURCE.test(entry.name) && !DECLARATION.test(entry.name) ? [name] : [];
  });
}

/** The file a relative specifier names, as the bundler resolves it, or the bare joined path when nothing matches. */
function resolveSpecifier(root: string, importer: string, specifier: string): string {
  const target = posix.join(posix.dirname(importer), specifier);
  const isFile = (path: string) => statSync(join(root, path), { throwIfNoEntry: false })?.isFile() === true;
  if (isFile(target)) return target;
  const stem = target.replace(/\.m?js$/, '');
  return EXTENSIONS.map((extension) => `${stem}${extension}`).find(isFile) ?? target;
}

/** The relative imports of every source file under `dirs` (relative to `root`), leaving out the folders in `skip`. */
export function importGraph(root: string, dirs: readonly string[], skip: readonly string[] = []): ImportGraph {
  const graph: ImportGraph = new Map();
  for (const file of dirs.flatMap((dir) => sources(root, join(root, dir), skip))) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true);
    const imported = importedFiles
      .map(({ fileName }) => fileName)
      .filter((specifier) => specifier.startsWith('./') || specifier.startsWith('../'))
      .map((specifier) => resolveSpecifier(root, file, specifier));
    graph.set(file, [...new Set(imported)]);
  }
  return graph;
}

/** Each import that goes down through a floor, as `importer → imported`. */
export function floorBreaches(graph: ImportGraph, floors: readonly Floor[]): string[] {
  return [...graph].flatMap(([file, imported]) =>
    floors
      .filter(({ from }) => file.startsWith(from))
      .flatMap(({ mayNotImport }) => imported.filter((target) => mayNotImport.some((dir) => target.startsWith(dir))))
      .map((target) => `${file} → ${target}`),
  );
}

/** Every set of two or more files that import one another, round or through others (Tarjan's components), sorted. */
export function importCircles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const lowest = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, index.size);
    lowest.set(file, index.size - 1);
    stack.push(file);
    onStack.add(file);
    for (const next of graph.get(file) ?? []) {
      if (!graph.has(next)) continue;
      if (!index.has(next)) visit(next);
      if (onStack.has(next)) lowest.set(file, Math.min(lowest.get(file)!, lowest.get(next)!));
    }
    if (lowest.get(file) !== index.get(file)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1) circles.push(component.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

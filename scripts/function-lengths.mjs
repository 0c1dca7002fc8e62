// `npm run lint` (after biome): no function grows past its floor's limit (issue 57). Every function, arrow and
// method, first line to last, measured on the TypeScript AST (TypeScript 6's API: 7's has none yet): at most 80 lines in src/, 100 in demo/server/ (route
// registrars list their routes). The functions already longer when the check came are named in
// function-lengths.json with their length then: each may shrink, none may grow, and one that is split below its
// limit must leave the list (the check says so), so the list only ever gets shorter.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from '@typescript/typescript6';

export const FLOORS = [
  { dir: 'src', limit: 80 },
  { dir: 'demo/server', limit: 100 },
];

/** Every .ts/.tsx file under `dir` (no declarations, no node_modules). */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

function nameOf(node) {
  if (node.name) return node.name.getText();
  if (node.parent && ts.isVariableDeclaration(node.parent)) return node.parent.name.getText();
  return '(anonymous)';
}

/** `file name` → lines, for every function of the file longer than `limit`. */
function longFunctions(file, limit) {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found = [];
  const visit = (node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const first = source.getLineAndCharacterOfPosition(node.getStart()).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      if (last - first + 1 > limit) found.push([`${file} ${nameOf(node)}`, last - first + 1]);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/**
 * What breaks the rule under `floors` given the lengths `known` when the check came (`file name` → lines): a new
 * long function, a known one grown, a known one now within its limit (to be taken off the list).
 */
export function lengthProblems(floors, known) {
  const problems = [];
  const seen = new Set();
  for (const { dir, limit } of floors) {
    for (const [key, lines] of sources(dir).flatMap((file) => longFunctions(file, limit))) {
      seen.add(key);
      const before = known[key];
      if (before === undefined) problems.push(`${key}: ${lines} lines, over ${limit}: split it`);
      else if (lines > before) problems.push(`${key}: ${lines} lines, was ${before}: it may shrink, not grow`);
    }
  }
  for (const key of Object.keys(known)) {
    if (!seen.has(key)) problems.push(`${key}: now within its limit: remove it from scripts/function-lengths.json`);
  }
  return problems;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const known = JSON.parse(readFileSync(new URL('./function-lengths.json', import.meta.url), 'utf8'));
  const problems = lengthProblems(FLOORS, known);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log(`function lengths: none grew (${Object.keys(known).length} older ones still to split)`);
}

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import ts from '@typescript/typescript6';
import { describe, expect, it } from 'vitest';

// Issue 8 §4: every §7 path is spelled once, in src/core/api/wire.ts (ENDPOINTS). Any string or
// template literal elsewhere in src/ that spells one — an API call or one of the §7 files — fails this test.
// Comments may mention paths; only literals count.

const SRC = resolve(import.meta.dirname, '..', '..', '..', 'src');
const WIRE = join(SRC, 'core', 'api', 'wire.ts');

/** What a §7 path looks like inside a literal: an API call, or one of the files §7 lists. */
const SECTION_7 = [
  /(?:^|\/)(?:zuul\/)?api\//,
  /common-ph/,
  /_package_versions/,
  /(?:manifest|package|version)\.json/,
  /\/lang\//,
];

/**
 * What a file's text holds when one of its literals matches SECTION_7: each pattern without its start-of-literal
 * anchor (in the file a quote stands there). A literal is a piece of its file's text, so a file that does not match
 * has no such literal (short of a path spelled in escape sequences, which is nobody's accident).
 */
const MAY_HOLD_SECTION_7 = /api\/|common-ph|_package_versions|(?:manifest|package|version)\.json|\/lang\//;

/** Import and export declarations: their specifiers name modules (`'../api/wire'`), which `literals` skips too. */
const DECLARATIONS_FROM = /^(?:import|export)\b[^;]*?\bfrom\s*'[^']*';/gm;

const mayHoldSection7 = (text: string) => MAY_HOLD_SECTION_7.test(text.replace(DECLARATIONS_FROM, ''));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** `import … from '../api/wire'` names a module, not a path on the wire. */
function isModuleSpecifier(node: ts.Node): boolean {
  const parent = node.parent;
  return (
    ((ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) && parent.moduleSpecifier === node) ||
    (ts.isLiteralTypeNode(parent) && ts.isImportTypeNode(parent.parent))
  );
}

/** The text of every string and template literal piece in a source (module names aside), with its line. */
function literals(fileName: string, text: string): { line: number; text: string }[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: { line: number; text: string }[] = [];
  const visit = (node: ts.Node): void => {
    if (
      (ts.isStringLiteral(node) && !isModuleSpecifier(node)) ||
      ts.isNoSubstitutionTemplateLiteral(node) ||
      ts.isTemplateHead(node) ||
      ts.isTemplateMiddle(node) ||
      ts.isTemplateTail(node)
    ) {
      found.push({ line: source.getLineAndCharacterOfPosition(node.getStart()).line + 1, text: node.text });
    }
    node.forEachChild(visit);
  };
  visit(source);
  return found;
}

function pathLiterals(fileName: string, text: string): string[] {
  // Parsing only the files that may hold one (21 of 255): parsing all of src/ took this test past its 5 s on a loaded
  // machine.
  if (!mayHoldSection7(text)) return [];
  return literals(fileName, text)
    .filter((literal) => SECTION_7.some((pattern) => pattern.test(literal.text)))
    .map((literal) => `${fileName}:${literal.line} ${JSON.stringify(literal.text)}`);
}

describe('§7 paths live in wire.ts only', () => {
  it('finds path literals in strings and templates, not in comments (the check itself)', () => {
    // `${name}` written into the sample source (a placeholder of the sample, not of this file).
    const slot = (name: string) => `$${'{'}${name}}`;
    const sample = [
      '// GET /api/uaa/oauth/me in a comment is fine',
      "const a = '/api/uaa/oauth/refresh';",
      `const b = \`/api/${slot('code')}/nl/x\`;`,
      `const c = \`${slot('root')}/lang/${slot('language')}.json\`;`,
      "const d = '/common/plugins/common-ph/1.6.0/css/ink.css';",
      "const e = '/zuul/api/storage/upload';",
      "const f = '/login';",
      "import { ENDPOINTS } from '../api/wire';",
      "type T = import('../api/types').Envelope;",
    ].join('\n');
    expect(pathLiterals('sample.ts', sample)).toEqual([
      'sample.ts:2 "/api/uaa/oauth/refresh"',
      'sample.ts:3 "/api/"',
      'sample.ts:4 "/lang/"',
      'sample.ts:5 "/common/plugins/common-ph/1.6.0/css/ink.css"',
      'sample.ts:6 "/zuul/api/storage/upload"',
    ]);
    // A file is parsed only when its text may hold such a literal; one whose only path starts the literal still is.
    expect(pathLiterals('relative.ts', "const g = 'api/uaa/oauth/me';")).toEqual(['relative.ts:1 "api/uaa/oauth/me"']);
    expect(pathLiterals('plain.ts', "const h = '/login'; // see /api/uaa/oauth/me")).toEqual([]);
    expect(pathLiterals('after-import.ts', "import { x } from '../api/wire';\nconst i = '/api/uaa/oauth/me';")).toEqual(
      ['after-import.ts:2 "/api/uaa/oauth/me"'],
    );
  });

  it('src/ spells no §7 path outside src/core/api/wire.ts', () => {
    const files = sourceFiles(SRC).filter((file) => file !== WIRE);
    expect(files.length).toBeGreaterThan(50);
    const offenders = files.flatMap((file) => pathLiterals(relative(SRC, file), readFileSync(file, 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('wire.ts itself holds them', () => {
    expect(pathLiterals('wire.ts', readFileSync(WIRE, 'utf8')).length).toBeGreaterThan(40);
  });
});

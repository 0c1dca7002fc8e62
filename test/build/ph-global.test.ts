import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from '@typescript/typescript6';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_COMPILER_OPTIONS } from './page-typescript';

// dist/ph-global.d.ts (written by `npm run build`) as a page author uses it: plain JavaScript with // @ts-check.
const root = resolve(import.meta.dirname, '..', '..');
const DTS = join(root, 'dist', 'ph-global.d.ts');
const PAGE_SCRIPT = join(root, 'demo', 'pages', 'pc_notice_tm', 'page.js');

/** Plain JavaScript checked as `// @ts-check` checks it. */
const OPTIONS: ts.CompilerOptions = { ...PAGE_COMPILER_OPTIONS, allowJs: true, checkJs: true };

interface Problem {
  line: number;
  code: number;
  text: string;
}

/** The diagnostics of one program over `files`, as 1-based line, code and text. */
function typeCheck(files: string[]): Problem[] {
  const program = ts.createProgram(files, OPTIONS);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ({
    line: diagnostic.file ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1 : 0,
    code: diagnostic.code,
    text: ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'),
  }));
}

describe('dist/ph-global.d.ts from plain JavaScript with // @ts-check', () => {
  let dir: string;
  const script = (name: string, lines: string[]) => {
    const path = join(dir, name);
    writeFileSync(path, ['// @ts-check', `/// <reference path="${DTS}" />`, ...lines, ''].join('\n'));
    return path;
  };

  beforeAll(() => {
    if (!existsSync(DTS)) throw new Error(`${DTS} is missing: run npm run build first`);
    dir = mkdtempSync(join(tmpdir(), 'ph-global-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('types PH, window.PH, the global phinit and the elements of the classic bundle', () => {
    const file = script('page.js', [
      "phinit({ code: 'notice', appCode: 'notice' });",
      "const id = PH.validate.idCard('110105194912310021');",
      "const shown = id.valid ? '' : id.message.trim();",
      'const size = window.PH.formatBytes(2048, 1).toUpperCase();',
      "const result = PH.exportTable(document.querySelector('table'), 'Roster');",
      "const sent = result === 'sent' || result === 'no-table' || result === 'busy';",
      "const query = PH.stringifyQuery(PH.parseQuery('?a=1&b[c]=2'));",
      'const stop = PH.watchZoom();',
      "const modal = document.createElement('ph-modal');",
      'modal.open = true;',
      "PH.checkVersions().then((check) => check.status === 'match');",
      'export { shown, size, sent, query, stop };',
    ]);
    expect(typeCheck([file])).toEqual([]);
  });

  it("checks the legacy demo page's own script without a problem", () => {
    expect(typeCheck([PAGE_SCRIPT])).toEqual([]);
  });

  it('reports a helper called with the wrong argument type, and a member PH does not have', () => {
    const file = script('misuse.js', [
      "PH.formatBytes('2048');",
      'PH.validate.idCard(110105194912310021);',
      "PH.exportTable('#roster');",
      'PH.exportExcel();',
    ]);
    const problems = typeCheck([file]);
    expect(problems.map(({ line, code }) => ({ line, code }))).toEqual([
      { line: 3, code: 2345 },
      { line: 4, code: 2345 },
      { line: 5, code: 2554 },
      { line: 6, code: 2339 },
    ]);
    expect(problems[0]?.text).toBe("Argument of type 'string' is not assignable to parameter of type 'number'.");
    expect(problems[3]?.text).toContain("Property 'exportExcel' does not exist");
  });
});

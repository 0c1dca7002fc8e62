import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import ts from '@typescript/typescript6';
import { afterAll, describe, expect, it } from 'vitest';
import { PAGE_COMPILER_OPTIONS } from './page-typescript';

// The manifest (dist/custom-elements.json, what editors and the docs read) and the declarations (dist/types, what
// TypeScript reads) say the same of every event's detail (issue 68: the manifest said ph-uploader-success's `file`
// was always there, the declarations that it may be undefined). Each manifest type is written into a TypeScript
// file, its names taken from the package's declarations, and checked to be the declared event's type both ways.
const dist = resolve(import.meta.dirname, '..', '..', 'dist');
const work = mkdtempSync(join(tmpdir(), 'ph-manifest-types-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface ManifestEvent {
  tag: string;
  name: string;
  text: string;
}

const manifest = JSON.parse(readFileSync(join(dist, 'custom-elements.json'), 'utf8')) as {
  modules: { declarations: { tagName: string; events?: { name: string; type: { text: string } }[] }[] }[];
};
const events: ManifestEvent[] = manifest.modules.flatMap((module) =>
  module.declarations.flatMap((declaration) =>
    (declaration.events ?? []).map((event) => ({ tag: declaration.tagName, name: event.name, text: event.type.text })),
  ),
);
/** The declaration files of the package's entries: core, and each element's module (which types its events). */
const declarations: Record<string, string> = {
  core: join(dist, 'types/core/index.d.ts'),
  ...Object.fromEntries(
    [...new Set(events.map((event) => event.tag))].map((tag) => [
      tag.replace('-', '_'),
      join(dist, `types/elements/${tag}/define.d.ts`),
    ]),
  ),
};
/** Which entry exports each name the manifest's texts use (the first that does). */
function exportedNames(): Map<string, string> {
  const program = ts.createProgram(Object.values(declarations), PAGE_COMPILER_OPTIONS);
  const checker = program.getTypeChecker();
  const owner = new Map<string, string>();
  for (const [alias, file] of Object.entries(declarations)) {
    const module = checker.getSymbolAtLocation(program.getSourceFile(file)!);
    for (const exported of module ? checker.getExportsOfModule(module) : []) {
      if (!owner.has(exported.name)) owner.set(exported.name, alias);
    }
  }
  return owner;
}

/** A manifest text with each name the package exports qualified by its entry (string literals left alone). */
function qualified(text: string, owner: Map<string, string>): string {
  return text
    .split(/('[^']*')/)
    .map((part) =>
      part.startsWith("'")
        ? part
        : part.replace(/(?<![.\w])([A-Z]\w*)\b/g, (name) => (owner.has(name) ? `${owner.get(name)}.${name}` : name)),
    )
    .join('');
}

/** Type errors of a file that states, for each event, that the manifest's type and the declared one are the same. */
function disagreements(list: ManifestEvent[]): string[] {
  const owner = exportedNames();
  const probe = join(work, 'probe.ts');
  const lines = [
    ...Object.entries(declarations).map(
      ([alias, file]) => `import type * as ${alias} from ${JSON.stringify(file.replace(/\.d\.ts$/, ''))};`,
    ),
    'type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;',
    ...list.map(
      (event, index) =>
        `export const event${index}: Same<GlobalEventHandlersEventMap[${JSON.stringify(event.name)}], ${qualified(event.text, owner)}> = true;`,
    ),
  ];
  writeFileSync(probe, `${lines.join('\n')}\n`);
  const program = ts.createProgram([probe], PAGE_COMPILER_OPTIONS);
  const offset = lines.length - list.length;
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const line = diagnostic.file?.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line ?? -1;
    const event = list[line - offset];
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n').split('\n')[0];
    return event ? `${event.name}: ${message}` : `${diagnostic.file?.fileName}:${line + 1}: ${message}`;
  });
}

describe('the manifest and the declarations agree on every event detail', () => {
  it('finds the events of every element, and each manifest type is the declared type', () => {
    expect(events.length).toBeGreaterThan(20);
    expect(events.map((event) => event.name)).toContain('ph-uploader-success');
    expect(disagreements(events)).toEqual([]);
  });

  it('tells a manifest that leaves out what the declarations allow, or adds what they do not', () => {
    const success = events.find((event) => event.name === 'ph-uploader-success')!;
    const close = events.find((event) => event.name === 'ph-modal-close')!;
    const wrong = [
      { ...success, text: success.text.replace(' } | undefined;', ' };') },
      { ...close, text: close.text.replace(" | 'api'", '') },
      { ...close, text: close.text.replace('reason:', 'reason?:') },
    ];
    expect(wrong.map((event) => event.text)).not.toContain(success.text);
    expect(disagreements(wrong)).toHaveLength(3);
  });
});

import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Ajv } from 'ajv';
import AjvDraft04 from 'ajv-draft-04';
import { afterAll, describe, expect, it } from 'vitest';
import { buildManifest } from '../../scripts/manifest/analyze';
import { elementsOf } from '../../scripts/manifest/editor-data';
import { webTypes } from '../../scripts/manifest/web-types';

const root = resolve(import.meta.dirname, '..', '..');
const manifest = buildManifest(root);

describe('the custom-elements manifest of the sources', () => {
  it('is valid against the custom-elements-manifest schema 2.1.0', () => {
    const schema = createRequire(import.meta.url)('custom-elements-manifest/schema.json');
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const valid = validate(manifest);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    expect(manifest.schemaVersion).toBe('2.1.0');
  });

  it('describes every element folder, with its events named ph-<element>-<what>', () => {
    const tags = elementsOf(manifest).map((element) => element.tagName);
    expect(tags).toEqual([
      'ph-face',
      'ph-footer',
      'ph-header',
      'ph-login',
      'ph-modal',
      'ph-picker',
      'ph-uploader',
      'ph-voice',
    ]);
    for (const element of elementsOf(manifest)) {
      for (const event of element.events ?? []) expect(event.name.startsWith(`${element.tagName}-`)).toBe(true);
    }
  });

  it("reads event detail types from the element's event map, aliases spelled out", () => {
    const modal = elementsOf(manifest).find((element) => element.tagName === 'ph-modal');
    expect(modal?.events?.map((event) => [event.name, event.type.text])).toEqual([
      ['ph-modal-open', 'CustomEvent<{}>'],
      ['ph-modal-request-close', "CustomEvent<{ reason: 'escape' | 'backdrop' | 'close-button' }>"],
      ['ph-modal-close', "CustomEvent<{ reason: 'escape' | 'backdrop' | 'close-button' | 'api' }>"],
    ]);
  });

  it('lists the attributes, events and parts of <ph-uploader> (issue 11)', () => {
    const uploader = elementsOf(manifest).find((element) => element.tagName === 'ph-uploader');
    expect(uploader?.attributes?.map((attribute) => attribute.name)).toEqual([
      'serverid',
      'chunk-size',
      'parallel',
      'accept',
      'max-size',
      'retry-delays',
      'multiple',
      'directory',
      'auto-start',
    ]);
    expect(uploader?.events?.map((event) => event.name)).toEqual([
      'ph-uploader-progress',
      'ph-uploader-success',
      'ph-uploader-error',
      'ph-uploader-complete',
    ]);
    expect(uploader?.cssParts?.map((part) => part.name)).toEqual(
      expect.arrayContaining(['dropzone', 'pick', 'list', 'file', 'hash-progress', 'upload-progress', 'action']),
    );
  });

  it('is what package.json points editors at', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.customElements).toBe('dist/custom-elements.json');
    expect(pkg['web-types']).toBe('./dist/web-types.json');
    expect(pkg.exports['./web-types.json']).toBe('./dist/web-types.json');
    expect(pkg.scripts.build).toBe('node scripts/build.mjs');
    expect(readFileSync(join(root, 'scripts', 'build.mjs'), 'utf8')).toContain("'scripts/manifest/main.ts'");
  });
});

// JetBrains' schema of web-types (draft-04), a copy in the repository with its licence (test/build/schemas/README.md).
const WEB_TYPES_SCHEMA = join(root, 'test', 'build', 'schemas', 'web-types.schema.json');

describe('the web-types for JetBrains IDEs', () => {
  const data = webTypes(manifest);

  it("is valid against JetBrains' web-types schema", () => {
    const validate = new AjvDraft04({ allErrors: true, strict: false }).compile(
      JSON.parse(readFileSync(WEB_TYPES_SCHEMA, 'utf8')),
    );
    const valid = validate(data);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('names the package, and links each tag to its page of the docs site', () => {
    expect(data).toMatchObject({ name: 'ph-widgets', 'description-markup': 'markdown' });
    const html = (data as { contributions: { html: { elements: { name: string; 'doc-url': string }[] } } })
      .contributions.html;
    expect(html.elements.map((element) => element['doc-url'])).toEqual(
      elementsOf(manifest).map((element) => `http://127.0.0.1:8080/docs/${element.tagName}.html`),
    );
  });
});

// A minimal repository with one element, to show that documentation and code cannot drift apart unnoticed.
describe('the manifest analysis refuses', () => {
  const dirs: string[] = [];
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  const DEFINE = `
declare function defineElement<P>(tag: string, component: (props: P) => unknown, options: { props?: object; booleans?: string[] }): unknown;
declare function createElement(type: string, props?: object | null): unknown;
interface DemoProps {
  /** Shown. */
  open?: boolean;
  /** The heading. */
  heading?: string;
}
function DemoElement(props: DemoProps) {
  return [createElement('slot'), createElement('slot', { name: 'footer' })];
}
/** Fired when it opens. */
export interface PhDemoEventMap {
  /** It opened. */
  'ph-demo-open': CustomEvent<{ reason: 'api' }>;
}
declare global {
  interface GlobalEventHandlersEventMap extends PhDemoEventMap {}
}
/**
 * A demo element.
 *
 * @slot - The body.
 * @slot footer - Buttons.
 * @csspart box - The box.
 * @cssprop [--ph-demo-gap=4px] - The gap.
 */
export const PhDemoElement = defineElement('ph-demo', DemoElement, { props: { heading: 'string' }, booleans: ['open'] });
`;

  function repository(define: string, files: Record<string, string> = {}): string {
    const dir = mkdtempSync(join(tmpdir(), 'ph-manifest-'));
    dirs.push(dir);
    mkdirSync(join(dir, 'src/elements/ph-demo'), { recursive: true });
    mkdirSync(join(dir, 'src/elements/common'), { recursive: true });
    cpSync(join(root, 'src/elements/common/tokens.css'), join(dir, 'src/elements/common/tokens.css'));
    writeFileSync(join(dir, 'src/env.d.ts'), 'export {};\n');
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          lib: ['ES2023', 'DOM'],
          module: 'ESNext',
          moduleResolution: 'Bundler',
          types: [],
        },
      }),
    );
    writeFileSync(join(dir, 'src/elements/ph-demo/define.ts'), define);
    const all = {
      'Demo.tsx': 'export const view = <div part="box" />;',
      'styles.css': '.box { gap: var(--ph-demo-gap, 4px); }',
      ...files,
    };
    for (const [name, text] of Object.entries(all)) writeFileSync(join(dir, 'src/elements/ph-demo', name), text);
    return dir;
  }

  it('nothing when code and documentation agree', () => {
    const [demo] = elementsOf(buildManifest(repository(DEFINE)));
    expect(demo?.attributes?.map((attribute) => [attribute.name, attribute.type?.text])).toEqual([
      ['heading', 'string'],
      ['open', 'boolean'],
    ]);
    expect(demo?.slots?.map((slot) => slot.name)).toEqual(['', 'footer']);
    expect(demo?.cssProperties?.[0]).toEqual({ name: '--ph-demo-gap', default: '4px', description: 'The gap.' });
  });

  it('a rendered slot without a @slot, and a @slot nothing renders', () => {
    expect(() => buildManifest(repository(DEFINE.replace(' * @slot footer - Buttons.\n', '')))).toThrow(
      /renders "footer" without a @slot/,
    );
    expect(() =>
      buildManifest(
        repository(DEFINE.replace(' * @slot - The body.', ' * @slot - The body.\n * @slot icon - An icon.')),
      ),
    ).toThrow(/@slot "icon" is not rendered/);
  });

  it('a part without a @csspart, and a @csspart nothing renders', () => {
    expect(() =>
      buildManifest(repository(DEFINE, { 'Demo.tsx': 'export const v = <div part="box extra" />;' })),
    ).toThrow(/renders the part .*extra.* without a @csspart/);
    expect(() => buildManifest(repository(DEFINE, { 'Demo.tsx': 'export const v = <div />;' }))).toThrow(
      /@csspart "box" is not rendered/,
    );
  });

  it('an event not named ph-<element>-<what>, or not in GlobalEventHandlersEventMap', () => {
    expect(() => buildManifest(repository(DEFINE.replace("'ph-demo-open'", "'ph-opened'")))).toThrow(
      /"ph-opened" must be named ph-demo-<what>/,
    );
    expect(() => buildManifest(repository(DEFINE.replace('extends PhDemoEventMap {}', '{}')))).toThrow(
      /not merged into GlobalEventHandlersEventMap/,
    );
  });

  it('a @cssprop the stylesheets never read, and a registered prop without a description', () => {
    expect(() => buildManifest(repository(DEFINE, { 'styles.css': '.box { gap: 4px; }' }))).toThrow(
      /@cssprop --ph-demo-gap is not used/,
    );
    expect(() => buildManifest(repository(DEFINE.replace('  /** The heading. */\n', '')))).toThrow(
      /"heading" has no JSDoc description/,
    );
  });
});

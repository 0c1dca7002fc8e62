import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Package } from 'custom-elements-manifest';
import { describe, expect, it } from 'vitest';
import { elementsOf, type vscodeCustomData } from '../../scripts/manifest/editor-data';

// What the build made for developers (issue 38) holds every attribute and event of every element: the docs site's
// element pages, VS Code's custom data and JetBrains' web-types. README is the front door: short (its links, with
// those of docs/, are checked by docs-references.test.ts).
const root = resolve(import.meta.dirname, '..', '..');
const manifest = JSON.parse(readFileSync(join(root, 'dist/custom-elements.json'), 'utf8')) as Package;
const customData = JSON.parse(readFileSync(join(root, 'dist/vscode.html-custom-data.json'), 'utf8')) as ReturnType<
  typeof vscodeCustomData
>;

/** The parts of JetBrains' web-types (dist/web-types.json) this test reads. */
interface WebTypes {
  contributions: { html: { elements: { name: string; attributes: { name: string }[]; events: { name: string }[] }[] } };
}
const webTypes = JSON.parse(readFileSync(join(root, 'dist/web-types.json'), 'utf8')) as WebTypes;

/** Each attribute and event of the manifest that `has` does not find, as `tag attribute` / `tag event`. */
function missing(has: (tag: string, kind: 'attribute' | 'event', name: string) => boolean): string[] {
  return elementsOf(manifest).flatMap((element) => [
    ...(element.attributes ?? [])
      .filter((attribute) => !has(element.tagName!, 'attribute', attribute.name))
      .map((attribute) => `${element.tagName} ${attribute.name}`),
    ...(element.events ?? [])
      .filter((event) => !has(element.tagName!, 'event', event.name!))
      .map((event) => `${element.tagName} ${event.name}`),
  ]);
}

const inCustomData = (data: typeof customData) => (tag: string, kind: 'attribute' | 'event', name: string) => {
  const entry = data.tags.find((candidate) => candidate.name === tag);
  if (!entry) return false;
  return kind === 'attribute'
    ? entry.attributes.some((attribute) => attribute.name === name && attribute.description.length > 0)
    : entry.description.value.includes(`\`${name}\` — `);
};

const inWebTypes = (data: WebTypes) => (tag: string, kind: 'attribute' | 'event', name: string) => {
  const entry = data.contributions.html.elements.find((candidate) => candidate.name === tag);
  const list = kind === 'attribute' ? entry?.attributes : entry?.events;
  return (list ?? []).some((item) => item.name === name);
};

/** The site's reference table of that kind on the element's page lists the name in its first column. */
const inSite = (tag: string, kind: 'attribute' | 'event', name: string) => {
  const page = readFileSync(join(root, 'dist/docs', `${tag}.html`), 'utf8');
  const heading = kind === 'attribute' ? 'id="attributes-and-properties"' : 'id="events"';
  const start = page.indexOf(heading);
  const table = page.slice(start, page.indexOf('</table>', start));
  return start >= 0 && table.includes(`<tr><td><code>${name}</code></td>`);
};

describe('the docs site and the editor data', () => {
  it('list every attribute and event of every element', () => {
    expect(missing(inCustomData(customData))).toEqual([]);
    expect(missing(inSite)).toEqual([]);
    expect(missing(inWebTypes(webTypes))).toEqual([]);
  });

  it('are caught when one lacks an attribute or an event', () => {
    const withoutMode = structuredClone(customData);
    const login = withoutMode.tags.find((tag) => tag.name === 'ph-login')!;
    login.attributes = login.attributes.filter((attribute) => attribute.name !== 'mode');
    login.description.value = login.description.value.replace('`ph-login-logout` — ', '');
    expect(missing(inCustomData(withoutMode))).toEqual(['ph-login mode', 'ph-login ph-login-logout']);
    const webTypesWithout = structuredClone(webTypes);
    const webLogin = webTypesWithout.contributions.html.elements.find((element) => element.name === 'ph-login')!;
    webLogin.attributes = webLogin.attributes.filter((attribute) => attribute.name !== 'mode');
    webLogin.events = webLogin.events.filter((event) => event.name !== 'ph-login-logout');
    expect(missing(inWebTypes(webTypesWithout))).toEqual(['ph-login mode', 'ph-login ph-login-logout']);
  });

  it('offers the values of an attribute typed as a union of strings, and booleans as booleans', () => {
    const login = customData.tags.find((tag) => tag.name === 'ph-login')!;
    expect(login.attributes.find((attribute) => attribute.name === 'mode')?.values).toEqual([
      { name: 'inline' },
      { name: 'dialog' },
    ]);
    expect(login.attributes.find((attribute) => attribute.name === 'open')?.valueSet).toBe('v');
  });
});

describe('README', () => {
  const readme = readFileSync(join(root, 'README.md'), 'utf8');

  it('is a front door: under 250 lines', () => {
    expect(readme.split('\n').length).toBeLessThan(250);
  });
});

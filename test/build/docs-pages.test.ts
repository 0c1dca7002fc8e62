import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { EXAMPLES } from '../../scripts/docs-site/examples';
import { elementBody, frame, prose } from '../../scripts/docs-site/pages';
import { snippetsOf } from '../../scripts/docs-site/snippets';
import { buildManifest } from '../../scripts/manifest/analyze';
import { elementsOf } from '../../scripts/manifest/editor-data';

// The docs site's element pages as a phone shows them (issue 56, item 10), from the sources: the element's first
// live example comes before its long spec paragraph, and a page's address may name the examples' language.
const root = resolve(import.meta.dirname, '..', '..');
const elements = elementsOf(buildManifest(root));
const byTag = new Map(elements.map((element) => [element.tagName!, element]));

const pageOf = (tag: string) =>
  elementBody(
    byTag.get(tag)!,
    (EXAMPLES[tag] ?? []).map((example) => ({ example, snippets: snippetsOf(tag, example, byTag) })),
  );

describe("an element's page", () => {
  it('opens with two plain lines, then the first live example and its snippets, then the spec paragraph folded', () => {
    for (const element of elements) {
      const tag = element.tagName!;
      const page = pageOf(tag);
      const opening = page.slice(page.indexOf('</h1>'), page.indexOf('<section class="example"'));
      expect(opening.match(/<p>/g), tag).toHaveLength(2);
      const firstExample = page.indexOf(`data-src="examples/${tag}/${EXAMPLES[tag]![0]!.id}.html"`);
      const firstSnippet = page.indexOf('<details class="snippet">');
      const spec = page.indexOf('<details class="spec"');
      expect(firstExample, tag).toBeGreaterThan(0);
      expect(firstSnippet, tag).toBeGreaterThan(firstExample);
      expect(spec, tag).toBeGreaterThan(firstSnippet);
      expect(page.slice(spec), tag).toContain(`<p>${prose(element.description)}</p>`);
    }
  });

  it('lists the other examples after the spec paragraph, each once', () => {
    const page = pageOf('ph-uploader');
    const spec = page.indexOf('<details class="spec"');
    const [first, ...rest] = EXAMPLES['ph-uploader']!;
    expect(page.indexOf(`examples/ph-uploader/${first!.id}.html`)).toBeLessThan(spec);
    for (const example of rest) {
      const at = page.indexOf(`data-src="examples/ph-uploader/${example.id}.html"`);
      expect(at, example.id).toBeGreaterThan(spec);
      expect(page.lastIndexOf(`data-src="examples/ph-uploader/${example.id}.html"`), example.id).toBe(at);
    }
  });
});

describe("the site's script", () => {
  const script = readFileSync(join(root, 'scripts/docs-site/assets/site.js'), 'utf8');

  /** The ph-login page at `search`, with the site's script run, and the language kept from a page before. */
  function open(search: string, kept: string | null) {
    const window = new Window({ url: `http://127.0.0.1:8080/docs/ph-login.html${search}` });
    const html = frame({ title: '<ph-login>', current: 'ph-login.html', nav: [], body: pageOf('ph-login') });
    window.document.write(html.replace(/<script[^>]*><\/script>/, ''));
    if (kept) window.localStorage.setItem('ph-docs.language', kept);
    window.eval(script);
    const frames = [...window.document.querySelectorAll('iframe.live')].map((frame) => frame.getAttribute('src'));
    const select = window.document.getElementById('language') as unknown as { value: string };
    return { language: select.value, frames };
  }

  it('shows the examples in the language the address names, over the one kept', () => {
    for (const language of ['zh-HK', 'en', 'zh-CN']) {
      const { language: chosen, frames } = open(`?language=${language}`, language === 'zh-CN' ? 'en' : 'zh-CN');
      expect(chosen).toBe(language);
      expect(frames.length).toBeGreaterThan(0);
      for (const src of frames) expect(new URL(src!, 'http://x/').searchParams.get('language')).toBe(language);
    }
  });

  it('keeps the language kept when the address names none, or one the site does not offer', () => {
    expect(open('', 'en').language).toBe('en');
    expect(open('?language=fr', 'zh-HK').language).toBe('zh-HK');
  });
});

// The docs site's pages as HTML text: the frame every page shares, an element's page (live examples, their three
// snippets, the reference tables from the manifest), an example's own page, and a guide page from docs/guide.
import type { CustomElementDeclaration } from 'custom-elements-manifest';
import { LANGUAGE_NAMES, LANGUAGES } from '../../src/core/i18n/language';
import type { Example, Gallery } from './examples';
import type { Snippets } from './snippets';

export interface NavEntry {
  href: string;
  label: string;
  group: 'Start' | 'Elements' | 'Guides';
}

export const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** JSDoc text as HTML: escaped, with `code` spans. */
export const prose = (text: string | undefined) => escapeHtml(text ?? '').replace(/`([^`]+)`/g, '<code>$1</code>');

const THEMES = [
  ['', 'Platform blue (default)'],
  ['#0b7a4b', 'Green'],
  ['#b3261e', 'Red'],
  ['#6a3fb5', 'Purple'],
] as const;

function nav(entries: NavEntry[], current: string): string {
  const groups = ['Start', 'Elements', 'Guides'] as const;
  return groups
    .map((group) => {
      const links = entries
        .filter((entry) => entry.group === group)
        .map(
          (entry) =>
            `<li><a href="${entry.href}"${entry.href === current ? ' aria-current="page"' : ''}>${escapeHtml(entry.label)}</a></li>`,
        )
        .join('');
      return `<h2>${group}</h2><ul>${links}</ul>`;
    })
    .join('');
}

export function frame(options: { title: string; current: string; nav: NavEntry[]; body: string }): string {
  const languages = LANGUAGES.map(
    (value) => `<option value="${value}" lang="${value}">${LANGUAGE_NAMES[value]}</option>`,
  ).join('');
  const themes = THEMES.map(([value, label]) => `<option value="${value}">${label}</option>`).join('');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${escapeHtml(options.title)} · ph-widgets</title>
<link rel="stylesheet" href="assets/site.css">
<script type="module" src="assets/site.js"></script>
</head>
<body>
<a class="skip" href="#content">Skip to content</a>
<header class="bar">
  <a class="brand" href="index.html">ph-widgets</a>
  <div class="switches">
    <label>Examples’ language <select id="language">${languages}</select></label>
    <label>Theme <select id="theme">${themes}</select></label>
  </div>
</header>
<div class="layout">
<nav class="side" aria-label="Site">${nav(options.nav, options.current)}</nav>
<main id="content">
${options.body}
</main>
</div>
</body>
</html>
`;
}

function snippetBlock(label: string, language: string, code: string): string {
  return `<details class="snippet"><summary>${label}</summary><div class="code"><button type="button" class="copy">Copy</button><pre tabindex="0"><code class="language-${language}">${escapeHtml(code)}</code></pre></div></details>`;
}

function exampleBlock(tag: string, example: Example, snippets: Snippets): string {
  const play = example.play ? snippetBlock('How the example reaches this state', 'js', example.play) : '';
  const gallery = example.gallery
    ? `<p>Each state is drawn by the element’s own view from the state core’s machine reaches with the events in <code>scripts/docs-site/states/${tag.slice(3)}.ts</code> (what ${tag === 'ph-face' ? 'the camera, the detector, the timers and the server' : 'the person, the timers, the microphone, the recogniser and the skill lookup'} would send on a page); its buttons do nothing here. The snippets show how a page writes the element.</p>`
    : '';
  const account = example.account ? ` <span class="account">signed in as <code>${example.account}</code></span>` : '';
  return `<section class="example" aria-labelledby="example-${example.id}">
<h3 id="example-${example.id}">${escapeHtml(example.title)}${account}</h3>
${gallery}
<iframe class="live" title="${tag}: ${escapeHtml(example.title)}" data-src="examples/${tag}/${example.id}.html" style="height:${example.height}px"></iframe>
${snippetBlock('HTML page (script tag)', 'html', snippets.script)}
${snippetBlock('ES modules', 'html', snippets.module)}
${snippetBlock('React 19 (bare tags)', 'tsx', snippets.react)}
${play}
</section>`;
}

function table(caption: string, headers: string[], rows: string[][]): string {
  if (rows.length === 0) return '';
  const head = headers.map((header) => `<th scope="col">${header}</th>`).join('');
  const body = rows.map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`).join('\n');
  const id = caption.toLowerCase().replace(/[^a-z]+/g, '-');
  return `<h3 id="${id}">${caption}</h3>
<div class="table-scroll" tabindex="0"><table><thead><tr>${head}</tr></thead><tbody>
${body}
</tbody></table></div>`;
}

const code = (text: string | undefined) => (text ? `<code>${escapeHtml(text)}</code>` : '');

export function referenceTables(element: CustomElementDeclaration): string {
  const attributes = (element.attributes ?? []).map((attribute) => [
    code(attribute.name),
    code(attribute.fieldName),
    code(attribute.type?.text),
    prose(attribute.description),
  ]);
  const events = (element.events ?? []).map((event) => [
    code(event.name),
    code(event.type?.text),
    prose(event.description),
  ]);
  const slots = (element.slots ?? []).map((slot) => [
    slot.name ? code(slot.name) : '(default)',
    prose(slot.description),
  ]);
  const parts = (element.cssParts ?? []).map((part) => [code(part.name), prose(part.description)]);
  const properties = (element.cssProperties ?? []).map((property) => [
    code(property.name),
    code(property.default),
    prose(property.description),
  ]);
  return [
    table('Attributes and properties', ['Attribute', 'Property', 'Type', 'Description'], attributes),
    table('Events', ['Event', 'Type', 'Description'], events),
    table('Slots', ['Slot', 'Description'], slots),
    table('CSS parts', ['Part', 'Description'], parts),
    table('CSS custom properties', ['Property', 'Default', 'Description'], properties),
  ].join('\n');
}

/**
 * An element's page: two plain lines, then its first live example with its snippets, so that a phone shows the
 * element on its first screen; the description's spec references follow, folded, then the other examples.
 */
export function elementBody(
  element: CustomElementDeclaration,
  examples: { example: Example; snippets: Snippets }[],
): string {
  const tag = element.tagName!;
  const [first, ...rest] = examples.map(({ example, snippets }) => exampleBlock(tag, example, snippets));
  return `<h1><code>&lt;${tag}&gt;</code> — ${escapeHtml(element.summary ?? '')}</h1>
<p>Live below against the reference server; the switches above re-render it in another language or theme.</p>
<p>Load it with <code>&lt;script src="/dist/ph-widgets.js"&gt;</code>, <code>import 'ph-widgets/elements/${tag}'</code>, or in React through <code>ph-widgets/jsx</code>.</p>
<h2 id="examples">Examples</h2>
${first ?? ''}
<details class="spec" id="spec"><summary>What it does, with its spec references</summary>
<p>${prose(element.description)}</p>
</details>
${rest.length > 0 ? `<h2 id="more-examples">More examples</h2>\n${rest.join('\n')}` : ''}
<h2 id="reference">Reference</h2>
${referenceTables(element)}`;
}

/** A gallery's stage: one figure per state, captioned with the scene that reaches it. */
function galleryMarkup(gallery: Gallery): string {
  const figures = gallery.scenes.map(
    (scene) =>
      `<li><${gallery.tag} scene="${escapeHtml(scene)}"></${gallery.tag}><p><code>${escapeHtml(scene)}</code></p></li>`,
  );
  return `<ul class="gallery ${gallery.tag}">\n${figures.join('\n')}\n</ul>`;
}

export function examplePage(tag: string, example: Example): string {
  const account = example.account ? ` data-account="${example.account}"` : '';
  const fit = example.gallery ? ' data-fit' : '';
  // A gallery draws states with the elements' views alone (assets/states.js), which installs the page kit itself.
  const widgets = example.gallery ? '../../assets/states.js' : '/dist/ph-widgets.js';
  return `<!doctype html>
<html lang="zh-CN"${account}${fit}>
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,">
<title>${tag}: ${escapeHtml(example.title)}</title>
<link rel="stylesheet" href="../../assets/example.css">
<script src="../../assets/example.js"></script>
<script src="${widgets}"></script>
</head>
<body>
<main id="stage"></main>
<template id="example">
${example.gallery ? galleryMarkup(example.gallery) : example.markup}
</template>
<script src="${example.id}.js"></script>
</body>
</html>
`;
}

/**
 * The example page's script (the page's policy allows no inline script): phinit — with the widgets' own texts only,
 * as the site is no module with a language file of its own — then the example's start.
 */
export function exampleScript(example: Example): string {
  const play = example.play ? `async (example) => {\n${example.play}\n}` : '';
  return `phinit({ code: 'docs', appCode: 'base', env: 'production', languagePack: {} });\nexample.start(${play});\n`;
}

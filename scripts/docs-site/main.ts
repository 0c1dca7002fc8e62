// `npm run docs` (and every `npm run build`): the docs site in dist/docs/, served by `npm start` at /docs/ and shipped
// in no package. Its pages are made from the code: each element's page from dist/custom-elements.json (reference
// tables), the examples' catalogue (live examples, each with its three snippets) and its notes in
// docs/guide/elements/; the guides from docs/guide/*.md. A link between pages written for GitHub (`core-api.md`,
// `../voice.md` from an element's notes) is pointed at the site's page for it; `#id` of another page at the page that
// holds it.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CustomElementDeclaration, Package } from 'custom-elements-manifest';
import { BENCH_RECORD } from '../bench-record.mjs';
import { elementsOf } from '../manifest/editor-data';
import { EXAMPLES } from './examples';
import { renderMarkdown } from './markdown';
import { elementBody, escapeHtml, examplePage, exampleScript, frame, type NavEntry, referenceTables } from './pages';
import { snippetsOf } from './snippets';
import { buildStates } from './states/bundle';

/** The guides in the order the site lists them. */
export const GUIDES = [
  'elements',
  'embedding',
  'vue',
  'angular',
  'react-next',
  'svelte',
  'plain-html',
  'page-kit',
  'core-api',
  'voice',
  'face',
  'server',
  'security',
  'performance',
  'develop',
] as const;

interface Page {
  file: string;
  title: string;
  body: string;
}

function guideTitle(markdown: string): string {
  return (/^# (.*)$/m.exec(markdown)?.[1] ?? '').replace(/`/g, '');
}

/** The design tokens' table, where docs/guide/elements.md says `<!-- tokens -->`. */
function tokensTable(element: CustomElementDeclaration): string {
  const shared = { ...element, attributes: [], events: [], slots: [], cssParts: [] };
  return referenceTables(shared).replace(/<h3[^>]*>[^<]*<\/h3>/, '');
}

/** The performance page's last section: what `npm run bench` printed when it last ran (docs/bench/latest.txt). */
function benchFigures(root: string): string {
  const file = join(root, BENCH_RECORD);
  const heading = '<h2 id="latest-figures">Latest figures from <code>npm run bench</code></h2>';
  if (!existsSync(file)) return `${heading}\n<p>None recorded yet: <code>npm run bench</code> writes them.</p>`;
  const [first, ...rest] = readFileSync(file, 'utf8').split('\n');
  return `${heading}
<p>Printed by the bench and kept in <code>${BENCH_RECORD}</code> (${escapeHtml(first ?? '')}): every ratio is against a baseline measured in the same run.</p>
<pre tabindex="0"><code>${escapeHtml(rest.join('\n').trim())}</code></pre>`;
}

function idsOf(html: string): Set<string> {
  return new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((match) => match[1]!));
}

/**
 * Links written for the repository, made to work on the site: `#anchor` of another page, `x.md` of a guide, and
 * paths of repository files (shown as code: the site does not serve the sources).
 */
function relink(page: Page, pageIds: Map<string, Set<string>>): string {
  const own = pageIds.get(page.file)!;
  const owner = (id: string) => [...pageIds].find(([, ids]) => ids.has(id))?.[0];
  return page.body.replace(/<a href="([^"]*)">(.*?)<\/a>/g, (whole, href: string, text: string) => {
    if (/^[a-z]+:/.test(href)) return whole;
    if (href.startsWith('#')) {
      const id = href.slice(1);
      if (own.has(id)) return whole;
      const file = owner(id);
      return file ? `<a href="${file}#${id}">${text}</a>` : text;
    }
    const guide = /^(?:\.\/|\.\.\/|docs\/guide\/)?([\w-]+)\.md(#.*)?$/.exec(href);
    if (guide && (GUIDES as readonly string[]).includes(guide[1]!))
      return `<a href="${guide[1]}.html${guide[2] ?? ''}">${text}</a>`;
    return text;
  });
}

export async function buildSite(root: string): Promise<string[]> {
  const manifest = JSON.parse(readFileSync(join(root, 'dist/custom-elements.json'), 'utf8')) as Package;
  const elements = elementsOf(manifest);
  const byTag = new Map(elements.map((element) => [element.tagName!, element]));
  const out = join(root, 'dist/docs');
  rmSync(out, { recursive: true, force: true });

  const guides = GUIDES.map((name) => {
    const markdown = readFileSync(join(root, 'docs/guide', `${name}.md`), 'utf8');
    const { html } = renderMarkdown(markdown.replace('<!-- tokens -->', tokensTable(elements[0]!)));
    const body = name === 'performance' ? `${html}\n${benchFigures(root)}` : html;
    return { file: `${name}.html`, title: guideTitle(markdown), body };
  });
  const elementPages = elements.map((element) => {
    const tag = element.tagName!;
    const examples = (EXAMPLES[tag] ?? []).map((example) => ({ example, snippets: snippetsOf(tag, example, byTag) }));
    const notesFile = join(root, 'docs/guide/elements', `${tag}.md`);
    const notes = existsSync(notesFile) ? renderMarkdown(readFileSync(notesFile, 'utf8')).html.trim() : '';
    const body = `${elementBody(element, examples)}${notes ? `\n<h2 id="notes">Notes</h2>\n${notes}` : ''}`;
    return { file: `${tag}.html`, title: `<${tag}>`, body };
  });
  const index: Page = {
    file: 'index.html',
    title: 'Overview',
    body: `<h1>ph-widgets</h1>
<p>Web components for a bilingual (zh-CN, en, zh-HK) multi-tenant school platform: one script tag on a legacy module page, ES modules in a bundler project, or React 19. Each element’s page shows it live against the reference server, in the language and theme chosen above, with its attributes, events, slots, parts and CSS custom properties from the code.</p>
<h2 id="elements">Elements</h2>
<ul class="cards">${elements.map((element) => `<li><a href="${element.tagName}.html"><code>&lt;${element.tagName}&gt;</code></a> — ${element.summary ?? ''}</li>`).join('')}</ul>
<h2 id="guides">Guides</h2>
<ul class="cards">${guides.map((guide) => `<li><a href="${guide.file}">${guide.title}</a></li>`).join('')}</ul>
<h2 id="editors">Editors</h2>
<p>VS Code completes the tags and attributes in HTML with <code>"html.customData": ["./node_modules/ph-widgets/dist/vscode.html-custom-data.json"]</code> in <code>.vscode/settings.json</code>; TSX type-checks the bare tags after <code>import type {} from 'ph-widgets/jsx'</code>.</p>`,
  };

  const pages: Page[] = [index, ...elementPages, ...guides];
  const nav: NavEntry[] = [
    { href: 'index.html', label: 'Overview', group: 'Start' },
    ...elementPages.map((page) => ({ href: page.file, label: page.title, group: 'Elements' as const })),
    ...guides.map((page) => ({ href: page.file, label: page.title, group: 'Guides' as const })),
  ];
  const written: string[] = [];
  const write = (file: string, text: string) => {
    mkdirSync(dirname(join(out, file)), { recursive: true });
    writeFileSync(join(out, file), text);
    written.push(file);
  };
  // Each page's heading ids, read once: relink looks an anchor up for every link of every page.
  const pageIds = new Map(pages.map((page) => [page.file, idsOf(page.body)]));
  for (const page of pages) {
    write(page.file, frame({ title: page.title, current: page.file, nav, body: relink(page, pageIds) }));
  }
  for (const [tag, examples] of Object.entries(EXAMPLES)) {
    for (const example of examples) {
      write(`examples/${tag}/${example.id}.html`, examplePage(tag, example));
      write(`examples/${tag}/${example.id}.js`, exampleScript(example));
    }
  }
  cpSync(join(import.meta.dirname, 'assets'), join(out, 'assets'), { recursive: true });
  await buildStates(root, out);
  return written;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  const pages = await buildSite(resolve(import.meta.dirname, '..', '..'));
  console.log(`docs site: ${pages.length} pages in dist/docs/ (served at /docs/ by npm start)`);
}

// The three ways to write an example, made from the example's markup and the manifest: a page with the classic
// script tag, an ES-module page, and React 19 with the bare tags (ph-widgets/jsx).
import type { CustomElementDeclaration } from 'custom-elements-manifest';
import type { Example } from './examples';

export interface Snippets {
  script: string;
  module: string;
  react: string;
}

const PHINIT = "phinit({ code: 'notice', appCode: 'notice', env: 'production' });";
const indent = (text: string, spaces: number) =>
  text
    .split('\n')
    .map((line) => (line ? `${' '.repeat(spaces)}${line}` : line))
    .join('\n');

/** The first event of the example's first element, listened to in each snippet. */
function firstEvent(element: CustomElementDeclaration) {
  return element.events?.[0]?.name;
}

const ATTRIBUTE = /([a-z][a-z0-9-]*)(?:=(?:"([^"]*)"|'([^']*)'))?/g;

/** One start tag of a ph-* element in JSX: attributes become the element's typed properties. */
function jsxStartTag(tag: string, attributes: string, elements: Map<string, CustomElementDeclaration>, extra: string) {
  const known = elements.get(tag)?.attributes ?? [];
  const props = [...attributes.matchAll(ATTRIBUTE)].map(([, name, double, single]) => {
    const value = double ?? single;
    const attribute = known.find((candidate) => candidate.name === name);
    const prop = attribute?.fieldName ?? name;
    if (value === undefined) return prop;
    if (attribute?.type?.text === 'number') return `${prop}={${Number(value)}}`;
    return value.includes('"') ? `${prop}='${value}'` : `${prop}="${value}"`;
  });
  return `<${tag}${[...props, extra]
    .filter(Boolean)
    .map((prop) => ` ${prop}`)
    .join('')}`;
}

export function toJsx(markup: string, elements: Map<string, CustomElementDeclaration>, listener?: string): string {
  let listened = false;
  return markup
    .replace(/<(ph-[a-z-]+)([^>]*)><\/\1>/g, (_, tag: string, attributes: string) => {
      const extra = !listened && listener ? listener : '';
      listened = true;
      return `${jsxStartTag(tag, attributes, elements, extra)} />`;
    })
    .replace(/<(ph-[a-z-]+)([^>]*)>/g, (_, tag: string, attributes: string) => {
      const extra = !listened && listener ? listener : '';
      listened = true;
      return `${jsxStartTag(tag, attributes, elements, extra)}>`;
    });
}

export function snippetsOf(tag: string, example: Example, elements: Map<string, CustomElementDeclaration>): Snippets {
  const event = firstEvent(elements.get(tag)!);
  const listen = event
    ? `document.querySelector('${tag}').addEventListener('${event}', (event) => console.log(event.detail));`
    : '';
  const script = [
    '<script src="/dist/ph-widgets.js"></script>',
    `<script>\n  ${PHINIT}\n</script>`,
    example.markup,
    ...(listen ? [`<script>\n  ${listen}\n</script>`] : []),
  ].join('\n');
  const imports = [...new Set([...example.markup.matchAll(/<(ph-[a-z-]+)/g)].map((match) => match[1]!))];
  const module = [
    '<script type="module">',
    indent(
      [
        "import { phinit } from 'ph-widgets/core';",
        ...imports.map((name) => `import 'ph-widgets/elements/${name}';`),
        '',
        PHINIT,
        ...(listen ? [listen] : []),
      ].join('\n'),
      2,
    ),
    '</script>',
    example.markup,
  ].join('\n');
  const jsx = toJsx(example.markup, elements, event ? `on${event}={(event) => console.log(event.detail)}` : undefined);
  const react = [
    "import type {} from 'ph-widgets/jsx';",
    "import { phinit } from 'ph-widgets/core';",
    ...imports.map((name) => `import 'ph-widgets/elements/${name}';`),
    '',
    PHINIT,
    '',
    'export function Example() {',
    `  return (\n${indent(jsx.includes('\n') ? `<>\n${indent(jsx, 2)}\n</>` : jsx, 4)}\n  );`,
    '}',
  ].join('\n');
  return { script, module, react };
}

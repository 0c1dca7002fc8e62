// README's element reference, rendered from the manifest: between `<!-- manifest:<tag> -->` and
// `<!-- /manifest:<tag> -->` for each element, and `<!-- manifest:tokens -->` for the design tokens every element has.
import type { CssCustomProperty, CustomElementDeclaration, Package } from 'custom-elements-manifest';

const code = (text: string) => `\`${text.replaceAll('|', '\\|')}\``;
const cell = (text: string) => text.replaceAll('|', '\\|').replace(/\s*\n\s*/g, ' ');

export function elementsOf(manifest: Package): CustomElementDeclaration[] {
  return manifest.modules.flatMap((module) =>
    (module.declarations ?? []).filter(
      (declaration): declaration is CustomElementDeclaration =>
        'customElement' in declaration && declaration.customElement === true,
    ),
  );
}

/** The CSS custom properties every element has: the design tokens. */
export function sharedTokens(manifest: Package): CssCustomProperty[] {
  const [first, ...rest] = elementsOf(manifest);
  return (first?.cssProperties ?? []).filter((token) =>
    rest.every((element) => element.cssProperties?.some((other) => other.name === token.name)),
  );
}

function elementBlock(element: CustomElementDeclaration, tokens: Set<string>): string {
  const rows: [string, string][] = [];
  const attributes = (element.attributes ?? []).map((attribute) => {
    const field = element.members?.find((member) => member.name === attribute.fieldName);
    const reflects = field && 'reflects' in field && field.reflects ? ', reflects' : '';
    return `${code(attribute.name)} / ${code(attribute.fieldName ?? attribute.name)} (${code(attribute.type?.text ?? 'string')}${reflects}): ${cell(attribute.description ?? '')}`;
  });
  rows.push(['attributes / properties', attributes.join(' · ') || '—']);
  const slots = (element.slots ?? []).map(
    (slot) => `${slot.name ? code(slot.name) : '(default)'}: ${cell(slot.description ?? '')}`,
  );
  rows.push(['slots', slots.join(' · ') || '—']);
  const events = (element.events ?? []).map((event) => {
    const detail = /^CustomEvent<(.*)>$/s.exec(event.type.text)?.[1] ?? event.type.text;
    return `${code(event.name)} (detail ${code(detail)}): ${cell(event.description ?? '')}`;
  });
  rows.push(['events', events.join(' · ') || '—']);
  const parts = (element.cssParts ?? []).map((part) => `${code(part.name)}: ${cell(part.description ?? '')}`);
  rows.push(['parts', parts.join(' · ') || '—']);
  const own = (element.cssProperties ?? []).filter((property) => !tokens.has(property.name));
  const properties = own.map(
    (property) =>
      `${code(property.name)}${property.default ? ` (${code(property.default)})` : ''}: ${cell(property.description ?? '')}`,
  );
  rows.push(['CSS custom properties', [...properties, 'the [design tokens](#design-tokens)'].join(' · ')]);
  return [
    cell(element.description ?? ''),
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
  ].join('\n');
}

function tokensBlock(tokens: CssCustomProperty[]): string {
  return [
    '| token | default | use |',
    '|---|---|---|',
    ...tokens.map(
      (token) => `| ${code(token.name)} | ${code(token.default ?? '')} | ${cell(token.description ?? '')} |`,
    ),
  ].join('\n');
}

/** Generated blocks by marker name: each element's tag, and `tokens`. */
export function readmeBlocks(manifest: Package): Map<string, string> {
  const tokens = sharedTokens(manifest);
  const names = new Set(tokens.map((token) => token.name));
  const blocks = new Map<string, string>();
  for (const element of elementsOf(manifest)) blocks.set(element.tagName ?? element.name, elementBlock(element, names));
  blocks.set('tokens', tokensBlock(tokens));
  return blocks;
}

const NOTE = 'generated from the sources by `npm run docs`';

/** README with every generated block replaced; throws when a block's markers are missing. */
export function renderReadme(readme: string, manifest: Package): string {
  let text = readme;
  for (const [name, block] of readmeBlocks(manifest)) {
    const pattern = new RegExp(`<!-- manifest:${name} [^>]*-->[\\s\\S]*?<!-- /manifest:${name} -->`);
    if (!pattern.test(text)) throw new Error(`README.md has no <!-- manifest:${name} … --> block`);
    text = text.replace(pattern, () => `<!-- manifest:${name} (${NOTE}) -->\n${block}\n<!-- /manifest:${name} -->`);
  }
  return text;
}

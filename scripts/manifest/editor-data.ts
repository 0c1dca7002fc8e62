// What editors read about the tags, made from the manifest at build time so it cannot drift from the code:
// - dist/vscode.html-custom-data.json — VS Code's HTML custom data (1.1): each tag with its description, events and
//   slots, each attribute with its description and, for a union of string literals or a boolean, its values;
// - dist/jsx.d.ts — React 19 JSX types for the bare tags: each element's properties, typed, and an `on<event>`
//   prop per event (React 19 adds a listener for `onph-login-success` to the event `ph-login-success`).
import type { Attribute, CustomElementDeclaration, Package } from 'custom-elements-manifest';

export interface CustomDataValue {
  name: string;
}
export interface CustomDataAttribute {
  name: string;
  description: string;
  values?: CustomDataValue[];
  valueSet?: 'v';
}
export interface CustomDataTag {
  name: string;
  description: { kind: 'markdown'; value: string };
  attributes: CustomDataAttribute[];
  references: { name: string; url: string }[];
}
export interface CustomData {
  version: 1.1;
  tags: CustomDataTag[];
}

/** Where the docs site's page of an element is, for the editor's "references". */
export const DOCS_URL = 'http://127.0.0.1:8080/docs/';

export function elementsOf(manifest: Package): CustomElementDeclaration[] {
  return manifest.modules.flatMap((module) =>
    (module.declarations ?? []).filter(
      (declaration): declaration is CustomElementDeclaration =>
        'customElement' in declaration && declaration.customElement === true,
    ),
  );
}

/** The values of a union of string literals (`'inline' | 'dialog'`), or none. */
export function literalValues(typeText: string | undefined): string[] {
  if (!typeText) return [];
  const parts = typeText.split('|').map((part) => part.trim());
  return parts.every((part) => /^'[^']*'$/.test(part)) ? parts.map((part) => part.slice(1, -1)) : [];
}

function attributeData(attribute: Attribute): CustomDataAttribute {
  const typeText = attribute.type?.text;
  const values = literalValues(typeText);
  return {
    name: attribute.name,
    description: attribute.description ?? '',
    ...(values.length > 0 ? { values: values.map((name) => ({ name })) } : {}),
    ...(typeText === 'boolean' ? { valueSet: 'v' as const } : {}),
  };
}

function tagDescription(element: CustomElementDeclaration): string {
  const lines = [element.description ?? ''];
  if (element.events?.length) {
    lines.push('', '**Events**', ...element.events.map((event) => `- \`${event.name}\` — ${event.description}`));
  }
  if (element.slots?.length) {
    lines.push(
      '',
      '**Slots**',
      ...element.slots.map((slot) => `- ${slot.name ? `\`${slot.name}\`` : '(default)'} — ${slot.description}`),
    );
  }
  return lines.join('\n');
}

export function vscodeCustomData(manifest: Package): CustomData {
  return {
    version: 1.1,
    tags: elementsOf(manifest).map((element) => ({
      name: element.tagName!,
      description: { kind: 'markdown', value: tagDescription(element) },
      attributes: (element.attributes ?? []).map(attributeData),
      references: [{ name: 'ph-widgets docs', url: `${DOCS_URL}${element.tagName}.html` }],
    })),
  };
}

/** The JSX props of one tag: its own properties, typed from the element's declarations, and its events. */
function jsxProps(element: CustomElementDeclaration): string {
  const tag = element.tagName!;
  const events = (element.events ?? []).map(
    (event) =>
      `  /** ${event.description?.replace(/\*\//g, '* /')} */\n` +
      `  'on${event.name}'?: (event: GlobalEventHandlersEventMap['${event.name}']) => void;`,
  );
  return [
    `export type ${pascal(tag)}JsxProps = HTMLAttributes<HTMLElement> & {`,
    `  ref?: Ref<HTMLElementTagNameMap['${tag}']>;`,
    '  children?: ReactNode;',
    `} & Partial<Omit<HTMLElementTagNameMap['${tag}'], keyof HTMLElement>>${events.length > 0 ? ' & {' : ';'}`,
    ...(events.length > 0 ? [...events, '};'] : []),
  ].join('\n');
}

const pascal = (tag: string) =>
  tag
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

export function jsxDeclarations(manifest: Package): string {
  const elements = elementsOf(manifest);
  const references = elements
    .map((element) => `/// <reference path="./types/elements/${element.tagName}/define.d.ts" />`)
    .join('\n');
  const intrinsic = elements
    .map((element) => `      '${element.tagName}': ${pascal(element.tagName!)}JsxProps;`)
    .join('\n');
  return `// React 19 JSX types for the bare tags (generated from custom-elements.json by \`npm run build\`).
// In a TSX project: \`import type {} from 'ph-widgets/jsx';\` once, then <ph-login mode="dialog" open
// onph-login-success={(event) => event.detail.userId} />. React 19 sets each prop as the element's property and adds
// a listener for each \`on<event>\` prop. The wrappers of ph-widgets/react name the same events onSuccess and so on.
${references}
import type { HTMLAttributes, ReactNode, Ref } from 'react';

${elements.map(jsxProps).join('\n\n')}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
${intrinsic}
    }
  }
}
`;
}

// The custom-elements manifest (schema 2.1.0) of every element, read from the sources with TypeScript's checker:
// - tag, attributes and properties from the `defineElement(tag, Component, { props, booleans })` call, their types
//   and descriptions from the component's props;
// - events from the element's exported `…EventMap` interface (the one merged into GlobalEventHandlersEventMap), with
//   the `detail` type the checker resolves;
// - slots from the `<slot>`s define.ts renders, parts and element-specific CSS custom properties from the JSDoc
//   tags on the definition (`@slot`, `@csspart`, `@cssprop`), each checked against the code; the design tokens
//   from tokens.css and core's constants.
// Anything documented that the code lacks, or the reverse, fails the build with a message naming it.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from '@typescript/typescript6';
import type {
  Attribute,
  CssCustomProperty,
  CssPart,
  CustomElementDeclaration,
  CustomElementField,
  Event,
  Package,
  Slot,
} from 'custom-elements-manifest';
import { CONSTANT_TOKENS } from '../../src/elements/common/css-constants';

export const SCHEMA_VERSION = '2.1.0';

const toAttribute = (prop: string) => prop.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

class ManifestError extends Error {}
const fail = (message: string): never => {
  throw new ManifestError(`custom-elements manifest: ${message}`);
};

/** Element folders src/elements/ph-<name>/ with a define.ts: the same rule as the rollup entries. */
export function elementEntries(root: string): string[] {
  const dir = join(root, 'src/elements');
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name.startsWith('ph-'))
    .map((entry) => join(dir, entry.name, 'define.ts'));
}

interface JsDoc {
  description: string;
  tags: { name: string; text: string }[];
}

/** The `/** … *\/` comment right before a statement: its description and its `@tag text` lines. */
function jsDocOf(node: ts.Node, source: ts.SourceFile): JsDoc {
  const ranges = ts.getLeadingCommentRanges(source.text, node.pos) ?? [];
  const raw = ranges
    .map((range) => source.text.slice(range.pos, range.end))
    .filter((text) => text.startsWith('/**'))
    .at(-1);
  if (!raw) return { description: '', tags: [] };
  const lines = raw
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\* ?/, ''));
  const description: string[] = [];
  const tags: { name: string; text: string }[] = [];
  for (const line of lines) {
    const tag = /^@(\w+)\s*(.*)$/.exec(line.trim());
    if (tag) tags.push({ name: tag[1]!, text: tag[2]!.trim() });
    else if (tags.length > 0) tags[tags.length - 1]!.text += ` ${line.trim()}`;
    else description.push(line);
  }
  return {
    description: description
      .join('\n')
      .trim()
      .replace(/\n(?!\n)/g, ' '),
    tags,
  };
}

/** `name - text`, `- text` (the default slot) or `[name=default] - text`. */
function parseTag(text: string): { name: string; defaultValue?: string; description: string } {
  const match = /^(?:\[([^\]=]+)=([^\]]*)\]|([^\s[]+))?\s*(?:-\s*)?(.*)$/.exec(text.trim());
  if (!match) return fail(`cannot read the JSDoc tag "${text}"`);
  const name = (match[1] ?? match[3] ?? '').replace(/^-$/, '');
  return { name, description: match[4]!.trim(), ...(match[1] ? { defaultValue: match[2]!.trim() } : {}) };
}

const FORMAT =
  ts.TypeFormatFlags.InTypeAlias |
  ts.TypeFormatFlags.NoTruncation |
  ts.TypeFormatFlags.UseSingleQuotesForStringLiteralType;

/** A plain object type (not an array, not a function; an intersection of such), spelled out while `depth` allows. */
function isPlainObject(checker: ts.TypeChecker, type: ts.Type, depth: number): boolean {
  return (
    ((type.flags & ts.TypeFlags.Object) !== 0 || type.isIntersection()) &&
    !checker.isArrayType(type) &&
    type.getCallSignatures().length === 0 &&
    depth < 2
  );
}

/**
 * A type as page authors read it: aliases and interfaces spelled out one level deep. A required property that may be
 * `undefined` says so (`file: { … } | undefined`); an optional one says it with its `?` (issue 68: the manifest said
 * `ph-uploader-success`'s `file` was always there, where the declarations said it may be undefined).
 */
function typeText(checker: ts.TypeChecker, type: ts.Type, depth = 0): string {
  if (type.isUnion()) {
    // A union of aliases spelled out ('escape' | … | 'api'), true | false read as boolean, objects spelled out.
    const members = type.types.map((member) =>
      isPlainObject(checker, member, depth)
        ? typeText(checker, member, depth)
        : checker.typeToString(member, undefined, FORMAT),
    );
    const booleans = members.includes('true') && members.includes('false');
    const rest = members.filter((member) => !booleans || (member !== 'true' && member !== 'false'));
    // null and undefined last, as people write them.
    const empty = ['null', 'undefined'].filter((member) => rest.includes(member));
    return [...rest.filter((member) => !empty.includes(member)), ...(booleans ? ['boolean'] : []), ...empty].join(
      ' | ',
    );
  }
  if (!isPlainObject(checker, type, depth)) return checker.typeToString(type, undefined, FORMAT);
  const fields = checker.getPropertiesOfType(type).map((property) => {
    const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
    const declared = checker.getTypeOfSymbol(property);
    const propertyType = optional ? checker.getNonNullableType(declared) : declared;
    return `${property.name}${optional ? '?' : ''}: ${typeText(checker, propertyType, depth + 1)}`;
  });
  return fields.length === 0 ? '{}' : `{ ${fields.join('; ')} }`;
}

function docOf(checker: ts.TypeChecker, symbol: ts.Symbol): string {
  return ts.displayPartsToString(symbol.getDocumentationComment(checker)).replace(/\s*\n\s*/g, ' ');
}

function stringsOf(node: ts.Expression | undefined): string[] {
  if (!node) return [];
  if (ts.isArrayLiteralExpression(node)) return node.elements.filter(ts.isStringLiteral).map((item) => item.text);
  if (ts.isObjectLiteralExpression(node)) {
    return node.properties
      .filter(ts.isPropertyAssignment)
      .map((property) => (ts.isIdentifier(property.name) ? property.name.text : property.name.getText()));
  }
  return [];
}

function findDefinition(source: ts.SourceFile) {
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      const call = declaration.initializer;
      if (call && ts.isCallExpression(call) && call.expression.getText(source) === 'defineElement') {
        return { statement, declaration, call };
      }
    }
  }
  return fail(`${source.fileName} has no \`export const … = defineElement(…)\``);
}

/** The options object of a definition: written in place, or a constant (imported or not) that holds one. */
function objectLiteralOf(checker: ts.TypeChecker, node: ts.Expression, tag: string): ts.ObjectLiteralExpression {
  if (ts.isObjectLiteralExpression(node)) return node;
  let symbol = ts.isIdentifier(node) ? checker.getSymbolAtLocation(node) : undefined;
  if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  const initializer = declaration && ts.isVariableDeclaration(declaration) ? declaration.initializer : undefined;
  if (initializer && ts.isObjectLiteralExpression(initializer)) return initializer;
  return fail(`<${tag}>: its options must be an object literal, or a constant holding one`);
}

function attributesOf(checker: ts.TypeChecker, call: ts.CallExpression, tag: string) {
  const [, component, options] = call.arguments;
  const optionsObject = options ? objectLiteralOf(checker, options, tag) : undefined;
  const option = (name: string) =>
    optionsObject?.properties.filter(ts.isPropertyAssignment).find((property) => property.name.getText() === name)
      ?.initializer;
  const valued = stringsOf(option('props'));
  const booleans = stringsOf(option('booleans'));
  const signature = component ? checker.getTypeAtLocation(component).getCallSignatures()[0] : undefined;
  const propsSymbol = signature?.parameters[0];
  if (!propsSymbol) return fail(`<${tag}>: its component takes no props`);
  const propsType = checker.getTypeOfSymbol(propsSymbol);

  const attributes: Attribute[] = [];
  const members: CustomElementField[] = [];
  for (const name of [...valued, ...booleans]) {
    const property = propsType.getProperty(name);
    if (!property) return fail(`<${tag}>: "${name}" is registered but is not a prop of its component`);
    const isBoolean = booleans.includes(name);
    const type = {
      text: isBoolean ? 'boolean' : typeText(checker, checker.getNonNullableType(checker.getTypeOfSymbol(property))),
    };
    const description = docOf(checker, property);
    if (!description) return fail(`<${tag}>: the prop "${name}" has no JSDoc description`);
    const attribute = toAttribute(name);
    attributes.push({ name: attribute, type, description, fieldName: name });
    members.push({ kind: 'field', name, type, description, attribute, ...(isBoolean ? { reflects: true } : {}) });
  }
  return { attributes, members };
}

function eventsOf(checker: ts.TypeChecker, source: ts.SourceFile, tag: string): Event[] {
  const maps = source.statements.filter(
    (statement): statement is ts.InterfaceDeclaration =>
      ts.isInterfaceDeclaration(statement) && statement.name.text.endsWith('EventMap'),
  );
  const events: Event[] = [];
  for (const map of maps) {
    const merged = new RegExp(`interface GlobalEventHandlersEventMap extends [^{]*\\b${map.name.text}\\b`);
    if (!merged.test(source.text)) {
      fail(`<${tag}>: ${map.name.text} is not merged into GlobalEventHandlersEventMap (declare global)`);
    }
    for (const member of map.members) {
      const symbol = member.name ? checker.getSymbolAtLocation(member.name) : undefined;
      if (!symbol || !ts.isPropertySignature(member)) continue;
      const name = symbol.name;
      if (!name.startsWith(`${tag}-`)) fail(`<${tag}>: the event "${name}" must be named ${tag}-<what>`);
      const eventType = checker.getTypeOfSymbol(symbol);
      const [detail] = checker.getTypeArguments(eventType as ts.TypeReference);
      if (!detail || eventType.getSymbol()?.name !== 'CustomEvent') {
        fail(`<${tag}>: the event "${name}" must be a CustomEvent<Detail>`);
      }
      const description = docOf(checker, symbol);
      if (!description) fail(`<${tag}>: the event "${name}" has no JSDoc description`);
      events.push({ name, type: { text: `CustomEvent<${typeText(checker, detail!)}>` }, description });
    }
  }
  return events;
}

/** Slot names define.ts renders: `createElement('slot', { name })`, '' for the default slot. */
function renderedSlots(source: ts.SourceFile): string[] {
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && node.expression.getText(source) === 'createElement') {
      const [kind, props] = node.arguments;
      if (kind && ts.isStringLiteral(kind) && kind.text === 'slot') {
        const name =
          props && ts.isObjectLiteralExpression(props)
            ? props.properties
                .filter(ts.isPropertyAssignment)
                .find((property) => property.name.getText(source) === 'name')?.initializer
            : undefined;
        names.push(name && ts.isStringLiteral(name) ? name.text : '');
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return names;
}

function filesUnder(dir: string, extension: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(extension))
    .map((entry) => join(entry.parentPath, entry.name));
}

/** Part names written in an element's components (`part="a b"`, `part={\`field-${name}\`}`), as patterns. */
function renderedParts(dir: string): RegExp[] {
  const patterns: RegExp[] = [];
  for (const file of filesUnder(dir, '.tsx')) {
    for (const match of readFileSync(file, 'utf8').matchAll(/\bpart=(?:"([^"]+)"|\{`([^`]+)`\})/g)) {
      for (const token of (match[1] ?? match[2]!).split(/\s+/)) {
        const pattern = token
          .split(/\$\{[^}]+\}/)
          .map((piece) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('[\\w-]+');
        patterns.push(new RegExp(`^${pattern}$`));
      }
    }
  }
  return patterns;
}

function checkSlots(tag: string, documented: Slot[], rendered: string[]): void {
  const names = documented.map((slot) => slot.name);
  const show = (name: string) => (name ? `"${name}"` : 'the default slot');
  for (const name of rendered) if (!names.includes(name)) fail(`<${tag}> renders ${show(name)} without a @slot`);
  for (const name of names) if (!rendered.includes(name)) fail(`<${tag}>: @slot ${show(name)} is not rendered`);
}

function checkParts(tag: string, documented: CssPart[], dir: string): void {
  const patterns = renderedParts(dir);
  for (const part of documented) {
    if (!patterns.some((pattern) => pattern.test(part.name))) fail(`<${tag}>: @csspart "${part.name}" is not rendered`);
  }
  for (const pattern of patterns) {
    if (!documented.some((part) => pattern.test(part.name)))
      fail(`<${tag}> renders the part ${pattern} without a @csspart`);
  }
}

/** The design tokens: the constant ones, then each `/* description *\/ --name: value;` of tokens.css's :host. */
export function designTokens(root: string): CssCustomProperty[] {
  const css = readFileSync(join(root, 'src/elements/common/tokens.css'), 'utf8');
  const host = /:host\s*\{([^}]*)\}/.exec(css)?.[1] ?? fail('tokens.css has no :host block');
  const tokens: CssCustomProperty[] = Object.entries(CONSTANT_TOKENS).map(([name, token]) => ({
    name,
    default: token.value,
    description: token.description,
  }));
  for (const match of host.matchAll(/(?:\/\*\s*([\s\S]*?)\s*\*\/\s*)?(--[\w-]+)\s*:\s*([^;]+);/g)) {
    const [, description, name, value] = match;
    if (!description) fail(`tokens.css: ${name} has no describing comment`);
    tokens.push({ name: name!, default: value!.replace(/\s+/g, ' ').trim(), description: description! });
  }
  return tokens;
}

function elementCssProperties(tag: string, doc: JsDoc, dir: string): CssCustomProperty[] {
  const css = filesUnder(dir, '.css')
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  return doc.tags
    .filter((item) => item.name === 'cssprop')
    .map((item) => {
      const { name, defaultValue, description } = parseTag(item.text);
      if (!css.includes(`var(${name}`)) fail(`<${tag}>: @cssprop ${name} is not used by its stylesheets`);
      return { name, description, ...(defaultValue ? { default: defaultValue } : {}) };
    });
}

function analyzeElement(
  root: string,
  program: ts.Program,
  file: string,
  tokens: CssCustomProperty[],
): { tag: string; declaration: CustomElementDeclaration; className: string } {
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file) ?? fail(`cannot read ${file}`);
  const { statement, declaration, call } = findDefinition(source);
  const tagArgument = call.arguments[0];
  if (!tagArgument || !ts.isStringLiteral(tagArgument)) return fail(`${file}: the tag must be a string literal`);
  const tag = tagArgument.text;
  if (`${relative(join(root, 'src/elements'), file)}` !== `${tag}/define.ts`) fail(`<${tag}> is defined in ${file}`);
  const dir = join(root, 'src/elements', tag);
  const doc = jsDocOf(statement, source);
  if (!doc.description) fail(`<${tag}>: its definition has no JSDoc description`);
  const tagged = (name: string) => doc.tags.filter((item) => item.name === name).map((item) => parseTag(item.text));

  const slots: Slot[] = tagged('slot').map(({ name, description }) => ({ name, description }));
  // The slots an element renders are written in define.ts, or in element.ts beside it when a server renders the
  // element too (ph-widgets/server cannot load a module that registers elements).
  const adapter = program.getSourceFile(join(dir, 'element.ts'));
  checkSlots(tag, slots, [...renderedSlots(source), ...(adapter ? renderedSlots(adapter) : [])]);
  const cssParts: CssPart[] = tagged('csspart').map(({ name, description }) => ({ name, description }));
  checkParts(tag, cssParts, dir);
  const { attributes, members } = attributesOf(checker, call, tag);
  const summary = doc.tags.find((item) => item.name === 'summary')?.text;

  return {
    tag,
    className: declaration.name.getText(source),
    declaration: {
      kind: 'class',
      customElement: true,
      name: declaration.name.getText(source),
      tagName: tag,
      ...(summary ? { summary } : {}),
      description: doc.description,
      superclass: { name: 'HTMLElement', package: 'global:' },
      attributes,
      members,
      events: eventsOf(checker, source, tag),
      slots,
      cssParts,
      cssProperties: [...elementCssProperties(tag, doc, dir), ...tokens],
    },
  };
}

/** The manifest of every element under `root` (the repository). */
export function buildManifest(root: string): Package {
  const entries = elementEntries(root);
  const config = ts.getParsedCommandLineOfConfigFile(
    join(root, 'tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) =>
        fail(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')),
    },
  );
  if (!config) return fail('cannot read tsconfig.json');
  const program = ts.createProgram([...entries, join(root, 'src/env.d.ts')], {
    ...config.options,
    noEmit: true,
    types: [],
  });
  const tokens = designTokens(root);
  return {
    schemaVersion: SCHEMA_VERSION,
    modules: entries.map((file) => {
      const { tag, declaration, className } = analyzeElement(root, program, file, tokens);
      const path = `dist/elements/${tag}.js`;
      return {
        kind: 'javascript-module' as const,
        path,
        declarations: [declaration],
        exports: [
          { kind: 'js' as const, name: className, declaration: { name: className, module: path } },
          { kind: 'custom-element-definition' as const, name: tag, declaration: { name: className, module: path } },
        ],
      };
    }),
  };
}

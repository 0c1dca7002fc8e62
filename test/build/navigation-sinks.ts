import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

// The places that send a browser somewhere (issue 67): where code sets `location` or a link's `href`, opens a window,
// or answers a redirect — in the widgets, the shell, the demo site's pages and the reference server. Read as text
// with patterns, which is enough for this repository's style and is checked by navigation-targets.test.ts on
// made-up sources first.

export interface Sink {
  file: string;
  line: number;
  /** The expression the browser is sent to, trimmed. */
  target: string;
}

/** A sink's opening and where its target starts; the target runs to the matching close (or the statement's end). */
const OPENINGS: Array<{ pattern: RegExp; close: ')' | '}' | ';' | '"' }> = [
  { pattern: /\blocation\.(?:assign|replace)\(/g, close: ')' },
  { pattern: /\bwindow\.open\(/g, close: ')' },
  { pattern: /\breply\.redirect\(/g, close: ')' },
  { pattern: /\bsetAttribute\(\s*['"]href['"]\s*,/g, close: ')' },
  { pattern: /(?<![\w.])(?:window\.)?location(?:\.href)?\s*=(?![=>])/g, close: ';' },
  { pattern: /\.href\s*=(?![=>])/g, close: ';' },
  { pattern: /\bhref=\{/g, close: '}' },
  { pattern: /\bhref="\$\{/g, close: '}' },
];

/** The text from `start` up to the close that balances it (brackets and quotes counted), without the close. */
function upToClose(text: string, start: number, close: ')' | '}' | ';' | '"'): string {
  let depth = 0;
  let quote: string | null = null;
  for (let i = start; i < text.length; i++) {
    const char = text[i]!;
    if (quote) {
      if (char === '\\') i++;
      else if (char === quote) quote = null;
      continue;
    }
    if (char === "'" || char === '"' || char === '`') {
      quote = char;
      continue;
    }
    if ('([{'.includes(char)) depth++;
    else if (')]}'.includes(char)) {
      if (depth === 0) return text.slice(start, i);
      depth--;
    } else if (depth === 0 && close === ';' && (char === ';' || char === '\n')) return text.slice(start, i);
  }
  return text.slice(start);
}

/** Every sink of one file's text. `let location = …` and other declarations are not sinks. */
export function sinksIn(file: string, text: string): Sink[] {
  const sinks: Sink[] = [];
  for (const { pattern, close } of OPENINGS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
      const before = text.slice(Math.max(0, match.index - 6), match.index);
      if (/(?:const|let|var)\s*$/.test(before)) continue;
      const start = match.index + match[0].length;
      const target = upToClose(text, start, close).replace(/\s+/g, ' ').trim();
      sinks.push({ file, line: text.slice(0, match.index).split('\n').length, target });
    }
  }
  return sinks.sort((a, b) => a.line - b.line);
}

/** The files of `dirs` (relative to `root`) this check reads: sources, scripts and pages. */
export function sourceFiles(root: string, dirs: string[]): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) {
        if (name !== 'vendor' && name !== 'node_modules') walk(path);
      } else if (/\.(?:ts|tsx|js|mjs|html)$/.test(name) && !name.endsWith('.d.ts')) {
        files.set(relative(root, path), readFileSync(path, 'utf8'));
      }
    }
  };
  for (const dir of dirs) walk(join(root, dir));
  return files;
}

/**
 * The body of the function `name` in `text` (`function name(`, `const name = (`, or a method `name(`) up to the
 * brace that closes it, or null when the file does not define it.
 */
export function functionBody(text: string, name: string): string | null {
  const definition = new RegExp(
    `(?:function\\s+${name}\\s*[(<]|(?:const|let)\\s+${name}\\s*=|^\\s*(?:async\\s+)?${name}\\s*\\()`,
    'm',
  ).exec(text);
  if (!definition) return null;
  // Past the parameters (whose types and defaults may hold braces), the first brace opens the body.
  const parameters = text.indexOf('(', definition.index + definition[0].length - 1);
  if (parameters < 0) return null;
  const afterParameters = parameters + 1 + upToClose(text, parameters + 1, ')').length + 1;
  const open = text.indexOf('{', afterParameters);
  if (open < 0) return null;
  return upToClose(text, open + 1, '}');
}

/** Lines that build a URL from a parsed URL's parts (`pathname + search`): the way `/.//host` left the site. */
export function rebuiltFromParts(file: string, text: string): Sink[] {
  const found: Sink[] = [];
  text.split('\n').forEach((line, index) => {
    if (/\.pathname\s*\+|\+\s*[\w.]+\.pathname\b|\$\{[\w.]*\.pathname\}/.test(line)) {
      found.push({ file, line: index + 1, target: line.trim() });
    }
  });
  return found;
}

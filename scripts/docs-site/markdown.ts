// Markdown to HTML for the docs site's guide pages (marked), with GitHub's heading ids so that a link written for
// GitHub (`#voice-recognition`) lands on the same heading here.
import { Marked, type Tokens } from 'marked';

export interface Heading {
  id: string;
  text: string;
  depth: number;
}

/** GitHub's slug: lower case, punctuation dropped, spaces to hyphens; a repeated slug gets -1, -2 … */
export function slugger() {
  const seen = new Map<string, number>();
  return (text: string): string => {
    const base = text
      .toLowerCase()
      .replace(/<[^>]*>/g, '')
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .trim()
      .replace(/\s/g, '-');
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    return count === 0 ? base : `${base}-${count}`;
  };
}

export function renderMarkdown(text: string): { html: string; headings: Heading[] } {
  const headings: Heading[] = [];
  const slug = slugger();
  const marked = new Marked({
    gfm: true,
    renderer: {
      heading(this: { parser: { parseInline(tokens: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens);
        const plain = token.text.replace(/`/g, '');
        const id = slug(plain);
        headings.push({ id, text: inner.replace(/<[^>]*>/g, ''), depth: token.depth });
        return `<h${token.depth} id="${id}">${inner}</h${token.depth}>\n`;
      },
    },
  });
  // Wide tables and code scroll inside a box the keyboard can reach, never the page.
  const html = marked
    .parse(text, { async: false })
    .replaceAll('<pre>', '<pre tabindex="0">')
    .replaceAll('<table>', '<div class="table-scroll" tabindex="0"><table>')
    .replaceAll('</table>', '</table></div>');
  return { html, headings };
}

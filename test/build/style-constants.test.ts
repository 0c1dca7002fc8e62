import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { IPAD_MAX_WIDTH_PX, MOBILE_MAX_WIDTH_PX } from '../../src/core/routes/paths';
import { DEFAULT_THEME_COLOR } from '../../src/core/theme/model';
import { CUSTOM_MEDIA, resolveCustomMedia, tokensStylesheet } from '../../src/elements/common/css-constants';

// Core's layout breakpoints and primary colour are written once, in core; element stylesheets get them from there.
const root = resolve(import.meta.dirname, '..', '..');
const sources = readdirSync(join(root, 'src'), { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile() && /\.(css|tsx?)$/.test(entry.name))
  .map((entry) => join(entry.parentPath, entry.name));
const read = (file: string) => readFileSync(file, 'utf8');

describe("core's constants in element CSS", () => {
  it('resolves the custom media names from the breakpoints', () => {
    const css = '@media (--ph-mobile){.a{b:c}}@media (--ph-pc) and (hover: hover){.d{e:f}}';
    expect(resolveCustomMedia(css)).toBe(
      `@media (max-width: ${MOBILE_MAX_WIDTH_PX}px){.a{b:c}}@media (width > ${IPAD_MAX_WIDTH_PX}px) and (hover: hover){.d{e:f}}`,
    );
    expect(CUSTOM_MEDIA['--ph-ipad']).toBe(`(${MOBILE_MAX_WIDTH_PX}px < width <= ${IPAD_MAX_WIDTH_PX}px)`);
    expect(resolveCustomMedia('.x{width:var(--ph-mobile-width)}'), 'only inside @media').toBe(
      '.x{width:var(--ph-mobile-width)}',
    );
    expect(() => resolveCustomMedia('@media (--ph-tablet){}')).toThrow(/Unknown custom media/);
  });

  it('puts the primary colour on every host before the tokens that derive from it', () => {
    expect(tokensStylesheet('.b{}')).toBe(`:host{--ph-color-primary:${DEFAULT_THEME_COLOR}}.b{}`);
  });

  it('knows every custom media name the stylesheets use', () => {
    const used = sources
      .filter((file) => file.endsWith('.css'))
      .flatMap((file) => [...read(file).matchAll(/@media[^{]*\((--[\w-]+)\)/g)].map((match) => match[1]!));
    expect(used.length).toBeGreaterThan(0);
    for (const name of used) expect(CUSTOM_MEDIA, name).toHaveProperty([name]);
  });

  it('leaves no breakpoint or primary colour literal in src/ outside core', () => {
    const offenders = sources.filter((file) => {
      const text = read(file);
      const css = file.endsWith('.css');
      return (
        /#457cd6/i.test(text.replace(/^.*DEFAULT_THEME_COLOR = .*$/m, '')) ||
        (css && /(max|min)-width:\s*(400|1024)px|width\s*[<>]=?\s*(400|1024)px/.test(text))
      );
    });
    expect(offenders.map((file) => relative(root, file))).toEqual([]);
  });
});

describe('the r2wc pin (define.ts reaches r2wc internals)', () => {
  it('is an exact version, and the installed package is that version', () => {
    const pkg = JSON.parse(read(join(root, 'package.json')));
    const pinned: string = pkg.dependencies['@r2wc/core'];
    expect(pinned, '@r2wc/core must be pinned to an exact version').toMatch(/^\d+\.\d+\.\d+$/);
    const installed = JSON.parse(read(join(root, 'node_modules', '@r2wc/core', 'package.json'))).version;
    expect(installed).toBe(pinned);
  });
});

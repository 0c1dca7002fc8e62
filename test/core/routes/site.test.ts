import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outboundUrl, platformPrefix, safeUrl, siteOf, sitePath, siteUrl } from '../../../src/core/routes';
import { isOpenableUrl } from '../../../src/core/util/url';

// The site of issue 53: the page's own origin and the platform's prefix, and the one resolver of URLs from data.

const page = 'https://school.example/platform/pages/base/pc_desktop_all/index.html';
const plain = siteOf(page, {});
const prefixed = siteOf(page, { apiBase: '/platform' });

describe('siteOf: origin, prefix and API base', () => {
  it.each([
    [{}, '', 'https://school.example'],
    [{ apiBase: '/platform' }, '/platform', 'https://school.example/platform'],
    [{ apiBase: 'platform/' }, '/platform', 'https://school.example/platform'],
    [{ apiBase: 'https://api.example/' }, '', 'https://api.example'],
    [{ apiBase: '//api.example/gw' }, '', 'https://api.example/gw'],
    [{ apiBase: 'https://api.example', basePath: '/platform/' }, '/platform', 'https://api.example'],
    [{ apiBase: '/gw', basePath: '/platform' }, '/platform', 'https://school.example/gw'],
    [{ basePath: '/platform' }, '/platform', 'https://school.example/platform'],
    [{ basePath: '/' }, '', 'https://school.example'],
    [{ basePath: '/.//evil.example' }, '/evil.example', 'https://school.example/evil.example'],
  ])('%j → prefix %j, API %s', (options, prefix, api) => {
    expect(siteOf(page, options)).toEqual({ origin: 'https://school.example', prefix, api });
    expect(platformPrefix(options)).toBe(prefix);
  });

  it('builds platform paths on the page origin under the prefix, whatever the path starts with', () => {
    expect(siteUrl(prefixed, '/login?x=1')).toBe('https://school.example/platform/login?x=1');
    expect(siteUrl(prefixed, '//evil.example/x')).toBe('https://school.example/platform/evil.example/x');
    expect(siteUrl(plain, '\\\\evil.example')).toBe('https://school.example/evil.example');
  });

  it('reads paths below the prefix; other origins and paths outside it are not on the site', () => {
    expect(sitePath(prefixed, page)).toBe('/pages/base/pc_desktop_all/index.html');
    expect(sitePath(prefixed, 'https://school.example/platform')).toBe('/');
    expect(sitePath(prefixed, 'https://school.example/platformer/x')).toBe(null);
    expect(sitePath(prefixed, 'https://evil.example/platform/x')).toBe(null);
    expect(sitePath(plain, '/redirect/grade')).toBe('/redirect/grade');
  });
});

describe('safeUrl: the one resolver of URLs from data', () => {
  it.each([
    ['/.//evil.example/phish'],
    ['/..//evil.example'],
    ['/%2e//evil.example'],
    ['/a/..//evil.example'],
    ['\\\\evil.example'],
    ['/\\evil.example'],
    [' //evil.example'],
    ['https:evil.example'],
    ['//evil.example'],
    ['\t//evil.example'],
    ['/\t/evil.example'],
    ['java\nscript:alert(1)'],
    ['javascript:alert(1)'],
    ['https://user:pw@school.example/x'],
  ])('%j never leaves the site', (text) => {
    for (const site of [plain, prefixed]) {
      const url = safeUrl(text, site);
      expect(url === null || new URL(url).origin === 'https://school.example', String(url)).toBe(true);
    }
  });

  it.each([
    ['/pages/x/index.html#/a', 'https://school.example/pages/x/index.html#/a'],
    [' https://school.example/notice ', 'https://school.example/notice'],
    ['/.//evil.example/phish', 'https://school.example//evil.example/phish'],
    ['https:evil.example', 'https://school.example/evil.example'],
    ['//evil.example', null],
    ['\\\\evil.example', null],
    ['javascript:alert(1)', null],
    ['http://school.example/x', null],
    ['', null],
  ])('%j → %s', (text, expected) => {
    expect(safeUrl(text, plain)).toBe(expected);
  });

  it('puts data paths under the prefix once, and leaves absolute URLs and allowed origins as they are', () => {
    expect(safeUrl('/pages/x', prefixed)).toBe('https://school.example/platform/pages/x');
    expect(safeUrl('/platform/pages/x', prefixed)).toBe('https://school.example/platform/pages/x');
    expect(safeUrl('/platform?x=1', prefixed)).toBe('https://school.example/platform?x=1');
    expect(safeUrl('https://school.example/elsewhere', prefixed)).toBe('https://school.example/elsewhere');
    expect(safeUrl('https://library.example/b', plain, ['https://library.example'])).toBe('https://library.example/b');
    expect(safeUrl(42, plain)).toBe(null);
  });

  // Paths built from the pieces that fool parsers and hand-written checks.
  const piece = fc.constantFrom(
    '/',
    '//',
    '.',
    '..',
    '/./',
    '/../',
    '%2e',
    '%2E',
    '%2f',
    '%5c',
    '\\',
    ' ',
    '\t',
    '\n',
    '\r',
    'evil.example',
    'school.example',
    '@',
    ':',
    '?',
    '#',
    'a',
    'javascript:',
    'https:',
    'http://',
    '//evil.example',
  );
  const text = fc.oneof(
    fc.array(piece, { maxLength: 8 }).map((parts) => parts.join('')),
    fc.tuple(fc.constantFrom('', ' ', '\t', '\n', '\u0000', '\u00a0'), fc.string()).map(([lead, rest]) => lead + rest),
    fc.webUrl(),
  );

  it('answers null or an absolute URL on the site origin, for any generated text and prefix', () => {
    fc.assert(
      fc.property(text, fc.constantFrom(plain, prefixed), (candidate, site) => {
        const url = safeUrl(candidate, site);
        if (url === null) return;
        expect(new URL(url).href).toBe(url);
        expect(new URL(url).origin).toBe('https://school.example');
        expect(new URL(url, 'https://static.elsewhere.example/base/').href).toBe(url);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('outboundUrl and isOpenableUrl: links from data meant for other sites too (issue 67)', () => {
  it.each([
    ['https://beian.miit.gov.cn/', 'https://beian.miit.gov.cn/'],
    ['/pages/x/', 'https://school.example/pages/x/'],
    ['/.//evil.example/x', 'https://school.example//evil.example/x'],
    ['javascript:alert(1)', null],
    ['/\\evil.example', null],
    ['https://user:pw@evil.example/', null],
  ])('outboundUrl(%j) → %s', (text, expected) => {
    expect(outboundUrl(text, plain)).toBe(expected);
  });

  it.each([
    ['https://school.example/download/setup.exe', true],
    ['/download/setup.exe', true],
    ['//evil.example/x', false],
    ['javascript:alert(1)', false],
    ['data:text/html,x', false],
    ['download/setup.exe', false],
  ])('isOpenableUrl(%j) is %s', (text, expected) => {
    expect(isOpenableUrl(text)).toBe(expected);
  });
});

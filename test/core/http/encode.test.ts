import fc from 'fast-check';
import * as qs from 'qs-esm';
import { describe, expect, it } from 'vitest';
import { buildUrl, encodeBody, encodeParams, toFormData } from '../../../src/core/http';
import { siteOf } from '../../../src/core/routes';

describe('wire encoding (§7)', () => {
  const page = 'http://school.test/pages/desktop/index.html';

  it('relative paths get the api base, absolute URLs do not', () => {
    const site = siteOf(page, { apiBase: 'http://api.test' });
    expect(buildUrl(site, '/api/x', '')).toBe('http://api.test/api/x');
    expect(buildUrl(site, 'https://cdn.test/a.json', '')).toBe('https://cdn.test/a.json');
    expect(buildUrl(siteOf(page, {}), '/api/x?a=1', 'b=2')).toBe('http://school.test/api/x?a=1&b=2');
    expect(buildUrl(siteOf(page, {}), '/api/x', 'b=2')).toBe('http://school.test/api/x?b=2');
  });

  it('apiBase prefixes API calls only; other paths come from the page root (issue 8 §14)', () => {
    const site = siteOf(page, { apiBase: 'http://api.test' });
    expect(buildUrl(site, '/zuul/api/storage/upload', '')).toBe('http://api.test/zuul/api/storage/upload');
    expect(buildUrl(site, '/pages/desktop/lang/en-base.json', '')).toBe(
      'http://school.test/pages/desktop/lang/en-base.json',
    );
    expect(buildUrl(site, '/common/plugins/common-ph/1.6.0/css/ink.css', '')).toBe(
      'http://school.test/common/plugins/common-ph/1.6.0/css/ink.css',
    );
    expect(buildUrl(site, '/apiary/x', '')).toBe('http://school.test/apiary/x');
  });

  it('a path apiBase is the platform prefix: calls and files both go under it (issue 53)', () => {
    const site = siteOf(page, { apiBase: '/platform' });
    expect(buildUrl(site, '/api/uaa/me', 'a=1')).toBe('http://school.test/platform/api/uaa/me?a=1');
    expect(buildUrl(site, '/common/plugins/common-ph/1.6.0/lang/en-ph.json', '')).toBe(
      'http://school.test/platform/common/plugins/common-ph/1.6.0/lang/en-ph.json',
    );
    const apart = siteOf(page, { apiBase: 'https://api.test/gw/', basePath: '/platform' });
    expect(buildUrl(apart, '/api/uaa/me', '')).toBe('https://api.test/gw/api/uaa/me');
    expect(buildUrl(apart, '/pages/x/version.json', '')).toBe('http://school.test/platform/pages/x/version.json');
  });

  it('a <base href> on another origin decides nothing: each URL is absolute before fetch resolves it', () => {
    // fetch resolves against document.baseURI; a legacy page's <base href> makes that a static host elsewhere.
    const baseURI = 'https://static.elsewhere.test/assets/';
    const site = siteOf('https://school.test/legacy/page.html', { apiBase: '/platform' });
    for (const path of ['/api/uaa/me', '/zuul/api/x', '/pages/desktop/lang/en-base.json', 'lang/x.json']) {
      const url = buildUrl(site, path, 'a=1');
      expect(new URL(url, baseURI).href, path).toBe(url);
      expect(new URL(url).origin, path).toBe('https://school.test');
    }
  });

  it('params leave out null and undefined values and spell nesting with dots', () => {
    expect(decodeURIComponent(encodeParams({ a: null, b: undefined, c: { d: 1 } }))).toBe('c.d=1');
    expect(encodeParams(undefined)).toBe('');
  });

  it('a form body parses back to the same nested data with dotted keys', () => {
    const key = fc.stringMatching(/^[a-z]{1,6}$/);
    const leaf = fc.stringMatching(/^[a-zA-Z0-9 张三._-]{0,8}$/);
    const data = fc.dictionary(key, fc.oneof(leaf, fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 })), {
      minKeys: 1,
      maxKeys: 5,
    });
    fc.assert(
      fc.property(data, (value) => {
        const { body, contentType } = encodeBody('post', value, false);
        expect(contentType).toContain('application/x-www-form-urlencoded');
        expect(String(body)).not.toMatch(/%5B/);
        expect(qs.parse(String(body), { allowDots: true, depth: 5 })).toEqual(value);
      }),
    );
  });

  it('GET and DELETE carry no body; JSON is opt-in', () => {
    expect(encodeBody('get', { a: 1 }, false).body).toBeUndefined();
    expect(encodeBody('delete', { a: 1 }, true).body).toBeUndefined();
    expect(encodeBody('post', { a: [1] }, true)).toEqual({ body: '{"a":[1]}', contentType: 'application/json' });
  });

  it('multipart fields: objects as JSON, a given FormData as is', () => {
    const form = toFormData({ meta: { a: 1 }, n: 3 });
    expect(form.get('meta')).toBe('{"a":1}');
    expect(form.get('n')).toBe('3');
    const given = new FormData();
    expect(toFormData(given)).toBe(given);
  });
});

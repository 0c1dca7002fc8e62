import fc from 'fast-check';
import * as qs from 'qs-esm';
import { describe, expect, it } from 'vitest';
import { buildUrl, encodeBody, encodeParams, toFormData } from '../../../src/core/http';

describe('wire encoding (§7)', () => {
  it('relative paths get the api base, absolute URLs do not', () => {
    expect(buildUrl('http://api.test', '/api/x', '')).toBe('http://api.test/api/x');
    expect(buildUrl('http://api.test', 'https://cdn.test/a.json', '')).toBe('https://cdn.test/a.json');
    expect(buildUrl('', '/api/x?a=1', 'b=2')).toBe('/api/x?a=1&b=2');
    expect(buildUrl('', '/api/x', 'b=2')).toBe('/api/x?b=2');
  });

  it('apiBase prefixes API calls only; other paths come from the page root (issue 8 §14)', () => {
    const page = 'http://school.test/pages/desktop/index.html';
    expect(buildUrl('http://api.test', '/zuul/api/storage/upload', '', page)).toBe(
      'http://api.test/zuul/api/storage/upload',
    );
    expect(buildUrl('http://api.test', '/pages/desktop/lang/en-base.json', '', page)).toBe(
      'http://school.test/pages/desktop/lang/en-base.json',
    );
    expect(buildUrl('http://api.test', '/common/plugins/common-ph/1.6.0/css/ink.css', '', page)).toBe(
      'http://school.test/common/plugins/common-ph/1.6.0/css/ink.css',
    );
    expect(buildUrl('http://api.test', '/apiary/x', '')).toBe('/apiary/x');
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

import fc from 'fast-check';
import * as qs from 'qs-esm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  parseQuery,
  QUERY_ARRAY_LIMIT,
  QUERY_DEPTH,
  QUERY_PARAMETER_LIMIT,
  stringifyQuery,
} from '../../../src/core/util';

// parse wrapped in a spy (behaviour unchanged) so that a test can see which options parseQuery passes.
vi.mock('qs-esm', async (importOriginal) => {
  const actual = await importOriginal<typeof import('qs-esm')>();
  return { ...actual, parse: vi.fn(actual.parse) };
});

afterEach(() => vi.restoreAllMocks());

describe('parseQuery / stringifyQuery (§9 qs defaults)', () => {
  it('parses nested keys and ignores a leading ?', () => {
    expect(parseQuery('?app=base&fileId=7&user[name]=Li&list[0]=a&list[1]=b')).toEqual({
      app: 'base',
      fileId: '7',
      user: { name: 'Li' },
      list: ['a', 'b'],
    });
  });

  // The spec's limits equal qs's own defaults, so the boundary tests below would pass without options: this one
  // pins that parseQuery states them itself (a qs release with other defaults must not change the parser).
  it('passes the §9 limits to qs explicitly', () => {
    expect([QUERY_DEPTH, QUERY_ARRAY_LIMIT, QUERY_PARAMETER_LIMIT]).toEqual([5, 20, 1000]);
    const parse = vi.mocked(qs.parse);
    parse.mockClear();
    parseQuery('a=1');
    expect(parse).toHaveBeenCalledTimes(1);
    expect(parse.mock.calls[0]?.[1]).toMatchObject({ depth: 5, arrayLimit: 20, parameterLimit: 1000 });
  });

  it('nests at most 5 levels deep (the rest stays one literal key)', () => {
    expect(parseQuery('a[b][c][d][e][f]=1')).toEqual({ a: { b: { c: { d: { e: { f: '1' } } } } } });
    expect(parseQuery('a[b][c][d][e][f][g]=1')).toEqual({ a: { b: { c: { d: { e: { f: { '[g]': '1' } } } } } } });
  });

  it('builds arrays of at most 20 entries (indices up to 20); beyond that an object keeps every entry', () => {
    expect(parseQuery('a[20]=x')).toEqual({ a: ['x'] });
    expect(parseQuery('a[21]=x')).toEqual({ a: { 21: 'x' } });
    const twenty = Array.from({ length: 20 }, (_, i) => `a[]=${i}`).join('&');
    expect(parseQuery(twenty).a).toHaveLength(20);
    expect(parseQuery(`${twenty}&a[]=20`).a).toEqual(
      Object.fromEntries(Array.from({ length: 21 }, (_, i) => [i, `${i}`])),
    );
  });

  it('reads at most 1000 parameters (the 1001st is dropped)', () => {
    const query = Array.from({ length: 1200 }, (_, i) => `k${i}=${i}`).join('&');
    const parsed = parseQuery(query);
    expect(Object.keys(parsed)).toHaveLength(1000);
    expect(parsed.k999).toBe('999');
    expect(parsed.k1000).toBeUndefined();
  });

  it('never writes to Object.prototype', () => {
    const parsed = parseQuery('__proto__[polluted]=1&constructor[prototype][polluted]=1');
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });

  const key = fc.stringMatching(/^[a-z][a-z0-9_]{0,8}$/).filter((k) => !(k in Object.prototype));
  const value = fc.string({ maxLength: 20 });

  it('round-trips flat records of strings, whatever the characters', () => {
    fc.assert(
      fc.property(fc.dictionary(key, value), (record) => {
        expect(parseQuery(stringifyQuery(record))).toEqual(record);
      }),
    );
  });

  it('round-trips nested records and arrays within the limits', () => {
    const leaf = fc.dictionary(key, value, { minKeys: 1, maxKeys: 4 });
    const nested = fc.dictionary(
      key,
      fc.oneof(
        value,
        leaf,
        fc.dictionary(key, leaf, { minKeys: 1, maxKeys: 3 }),
        fc.array(value, { minLength: 1, maxLength: 20 }),
      ),
    );
    fc.assert(
      fc.property(nested, (record) => {
        expect(parseQuery(stringifyQuery(record))).toEqual(record);
      }),
    );
  });
});

import * as qs from 'qs-esm';

// §9 query-string defaults. qs's own limits guard against hostile URLs: nesting depth 5, array indices up to 20
// (a larger index becomes an object key instead of a huge sparse array) and at most 1000 parameters.
export const QUERY_DEPTH = 5;
export const QUERY_ARRAY_LIMIT = 20;
export const QUERY_PARAMETER_LIMIT = 1000;

export type QueryObject = Record<string, unknown>;

/** Parses `a=1&b[c]=2` (a leading `?` is ignored). Keys that would reach Object.prototype are dropped by qs. */
export function parseQuery(query: string): QueryObject {
  return qs.parse(query, {
    ignoreQueryPrefix: true,
    depth: QUERY_DEPTH,
    arrayLimit: QUERY_ARRAY_LIMIT,
    parameterLimit: QUERY_PARAMETER_LIMIT,
  });
}

/** The inverse of parseQuery, without a leading `?`. */
export function stringifyQuery(value: QueryObject): string {
  return qs.stringify(value);
}

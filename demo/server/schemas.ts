// JSON-schema fragments: every string has a maxLength, so an oversized field is a 400 before any handler runs.

export const str = (maxLength = 200, extra: Record<string, unknown> = {}) => ({ type: 'string', maxLength, ...extra });

/** Identifiers of rows: a closed alphabet, so quotes and SQL comments never reach a query as an id. */
export const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.-]+$' };
export const md5 = { type: 'string', pattern: '^[a-fA-F0-9]{32}$' };
export const int = (minimum: number, maximum: number) => ({ type: 'integer', minimum, maximum });
export const flag = { anyOf: [{ type: 'boolean' }, { type: 'string', maxLength: 8 }] };

export function object(properties: Record<string, unknown>, required: string[] = []) {
  return { type: 'object', properties, required };
}

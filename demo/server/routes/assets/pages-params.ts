import { str } from '../../schemas';

// The path parameters of the page assets: a segment of a page's path, and a file name in it.
export const segment = str(64, { pattern: '^[A-Za-z0-9_-]+$' });
export const fileName = str(100, { pattern: '^[A-Za-z0-9_.-]+$' });

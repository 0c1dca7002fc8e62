import { HttpError } from './errors';

// §8: which failures of the request flow become a notification. The caller may take them over (noIntercept,
// silent); aborts are the caller's own doing; auth failures have already moved the user to a login.

export interface QuietOptions {
  noIntercept?: boolean;
  silent?: boolean;
  params?: unknown;
  data?: unknown;
}

function flagged(value: unknown): boolean {
  return typeof value === 'object' && value !== null && (value as { noIntercept?: unknown }).noIntercept === true;
}

/** `noIntercept` as an option, a query value or a form field (§3), or `silent`. */
export function isQuiet(options: QuietOptions): boolean {
  return options.noIntercept === true || options.silent === true || flagged(options.params) || flagged(options.data);
}

/** The failure to show, or undefined when nothing is shown. */
export function noticeFor(error: unknown, options: QuietOptions): HttpError | undefined {
  if (!(error instanceof HttpError) || error.kind === 'abort' || error.kind === 'auth') return undefined;
  return isQuiet(options) ? undefined : error;
}

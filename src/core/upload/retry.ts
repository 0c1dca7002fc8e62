import type { UploadError } from './errors';

// Retries as data (as tus-js-client's retryDelays): the n-th retry of a request waits retryDelays[n]; when the list
// is used up, or the failure is permanent, the step fails. A should-retry hook can veto or allow any one retry.

/** Waits before the 1st, 2nd, ... retry of one request, in ms. */
export const DEFAULT_RETRY_DELAYS: readonly number[] = [1000, 3000, 5000, 10000, 20000];

/**
 * Worth another try: no answer (network, timeout), 408 Request Timeout, 429 Too Many Requests, or a 5xx but 507.
 * Every other 4xx is permanent: the same request would be refused again. So is 507 Insufficient Storage, a storage
 * allowance used up (issue 67): space freed helps, not time, and five retries only delay the message. Rules checked
 * here never retry.
 */
export function isTransient(error: UploadError): boolean {
  if (error.kind === 'network' || error.kind === 'timeout') return true;
  if (error.kind !== 'status' || error.status === undefined) return false;
  return error.status === 408 || error.status === 429 || (error.status >= 500 && error.status !== 507);
}

export interface RetryPolicy {
  retryDelays?: readonly number[];
  /** Called for every failure that still has a delay left; default isTransient. `retries` counts those done. */
  shouldRetry?: (error: UploadError, retries: number) => boolean;
}

/** How long to wait before retrying after `retries` retries already done, or null: give up. */
export function retryDelay(error: UploadError, retries: number, policy: RetryPolicy = {}): number | null {
  const delays = policy.retryDelays ?? DEFAULT_RETRY_DELAYS;
  const delay = delays[retries];
  if (delay === undefined) return null;
  const allowed = policy.shouldRetry ? policy.shouldRetry(error, retries) : isTransient(error);
  return allowed ? Math.max(0, delay) : null;
}

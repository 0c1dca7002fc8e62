import type { LoginLimitOptions } from '../config';

/**
 * Counts failed logins in a sliding window per account and per client address. Only failures count, so a user who
 * signs in correctly is never slowed down; a success clears that account's failures. Kept in memory: a restart
 * forgets the counts, which is acceptable for a single-process reference server.
 */
export class LoginLimiter {
  private readonly failures = new Map<string, number[]>();

  constructor(private readonly options: LoginLimitOptions) {}

  isBlocked(account: string, address: string, now = Date.now()): boolean {
    return (
      this.recent(accountKey(account), now) >= this.options.perAccount ||
      this.recent(addressKey(address), now) >= this.options.perAddress
    );
  }

  recordFailure(account: string, address: string, now = Date.now()): void {
    if (this.failures.size > MAX_KEYS) this.prune(now);
    for (const key of [accountKey(account), addressKey(address)]) {
      const list = this.failures.get(key) ?? [];
      list.push(now);
      this.failures.set(key, list);
    }
  }

  recordSuccess(account: string): void {
    this.failures.delete(accountKey(account));
  }

  /** Guessed user names would otherwise grow the map without bound. */
  private prune(now: number): void {
    for (const key of [...this.failures.keys()]) this.recent(key, now);
  }

  private recent(key: string, now: number): number {
    const list = this.failures.get(key);
    if (!list) return 0;
    const since = now - this.options.windowSeconds * 1000;
    const kept = list.filter((at) => at > since);
    if (kept.length) this.failures.set(key, kept);
    else this.failures.delete(key);
    return kept.length;
  }
}

const MAX_KEYS = 10_000;
const accountKey = (account: string) => `account:${account.trim().toLowerCase()}`;
const addressKey = (address: string) => `address:${address}`;

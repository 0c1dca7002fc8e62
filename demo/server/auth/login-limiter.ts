import type { LoginLimitOptions } from '../config';

/** One counted attempt: released when it turns out to be a success, so only failures stay in the window. */
export interface Attempt {
  /** A success: this attempt no longer counts, and the account's earlier failures are forgiven. */
  succeeded(): void;
}

/**
 * Counts failed sign-ins in a sliding window per account and per client address. An attempt is counted when it
 * begins — before the slow password hash — so many guesses sent at once cannot all pass the check before the first
 * failure is recorded; a success releases its own count and clears the account's. Other public calls that cost the
 * server something (unbound social logins, unknown device clients) count per address in their own bucket. Kept in
 * memory: a restart forgets the counts, acceptable for a single-process reference server.
 */
export class LoginLimiter {
  private readonly entries = new Map<string, number[]>();

  constructor(
    private readonly options: LoginLimitOptions,
    private readonly now: () => number,
  ) {}

  get windowSeconds(): number {
    return this.options.windowSeconds;
  }

  /** Counts a sign-in attempt for the account and the address, or answers null when either is over its limit. */
  begin(account: string, address: string): Attempt | null {
    const keys = [accountKey(account), addressKey('login', address)];
    const at = this.now();
    if (this.recent(keys[0] as string, at) >= this.options.perAccount) return null;
    if (this.recent(keys[1] as string, at) >= this.options.perAddress) return null;
    for (const key of keys) this.add(key, at);
    return {
      succeeded: () => {
        this.entries.delete(keys[0] as string);
        this.remove(keys[1] as string, at);
      },
    };
  }

  /** Whether the address has used up a public call's bucket inside the window (checked before the call's work). */
  exhausted(bucket: string, address: string): boolean {
    return this.recent(addressKey(bucket, address), this.now()) >= this.options.perAddress;
  }

  /** Counts one costly use of a public call (an unknown device client, a pending social row) for the address. */
  record(bucket: string, address: string): void {
    this.add(addressKey(bucket, address), this.now());
  }

  private add(key: string, at: number): void {
    if (this.entries.size > MAX_KEYS) this.prune(at);
    const list = this.entries.get(key) ?? [];
    list.push(at);
    this.entries.set(key, list);
  }

  private remove(key: string, at: number): void {
    const list = this.entries.get(key);
    const index = list?.indexOf(at) ?? -1;
    if (list && index >= 0) list.splice(index, 1);
  }

  /** Guessed user names would otherwise grow the map without bound. */
  private prune(at: number): void {
    for (const key of [...this.entries.keys()]) this.recent(key, at);
  }

  private recent(key: string, at: number): number {
    const list = this.entries.get(key);
    if (!list) return 0;
    const since = at - this.options.windowSeconds * 1000;
    const kept = list.filter((time) => time > since);
    if (kept.length) this.entries.set(key, kept);
    else this.entries.delete(key);
    return kept.length;
  }
}

const MAX_KEYS = 10_000;
const accountKey = (account: string) => `account:${account.trim().toLowerCase()}`;
const addressKey = (bucket: string, address: string) => `${bucket}:${address}`;

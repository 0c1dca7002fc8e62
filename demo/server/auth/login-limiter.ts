import type { LoginLimitOptions } from '../config';

/**
 * Failures of the public calls other than a password (face login, unbound social logins, unknown device-client ids),
 * counted per address or per person in a sliding window: past the limit the call answers 429 `too_many_attempts`
 * until old failures leave the window. Password sign-ins have their own guard (sign-in-guard.ts). Kept in memory: a
 * restart forgets the counts, acceptable for a single-process reference server.
 */
export class LoginLimiter {
  private readonly entries = new Map<string, number[]>();

  constructor(
    private readonly options: LoginLimitOptions,
    private readonly now: () => number,
  ) {}

  /** Whether the address has used up a public call's bucket inside the window (checked before the call's work). */
  exhausted(bucket: string, address: string): boolean {
    return this.recent(addressKey(bucket, address), this.now()) >= this.options.perAddress;
  }

  /** Whether a person's bucket (their face, say) holds as many failures as an account may have in the window. */
  exhaustedForPerson(bucket: string, person: string): boolean {
    return this.recent(addressKey(bucket, person), this.now()) >= this.options.perAccount;
  }

  /** Whole seconds until the address's bucket lets a call through again: the `Retry-After` of its refusal. */
  retryAfter(bucket: string, address: string): number {
    return this.secondsUntilBelow(addressKey(bucket, address), this.options.perAddress);
  }

  /** Whole seconds until a person's bucket is under the account limit again. */
  retryAfterForPerson(bucket: string, person: string): number {
    return this.secondsUntilBelow(addressKey(bucket, person), this.options.perAccount);
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

  /** Guessed user names would otherwise grow the map without bound. */
  private prune(at: number): void {
    for (const key of [...this.entries.keys()]) this.recent(key, at);
  }

  /** When enough failures have left the window for the key to hold fewer than `limit`: at least 1 s. */
  private secondsUntilBelow(key: string, limit: number): number {
    const at = this.now();
    this.recent(key, at);
    const times = this.entries.get(key) ?? [];
    // Failures are added in time order; the one that must leave is `limit` from the newest.
    const leaving = times[times.length - limit];
    if (leaving === undefined) return 1;
    return Math.max(1, Math.ceil((leaving + this.options.windowSeconds * 1000 - at) / 1000));
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
const addressKey = (bucket: string, address: string) => `${bucket}:${address}`;

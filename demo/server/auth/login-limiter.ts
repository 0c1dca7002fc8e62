import type { LoginLimitOptions } from '../config';

/** A sign-in under way: it ends as a success (the account's failures are forgiven) or a failure (counted). */
export interface Attempt {
  succeeded(): void;
  failed(): void;
}

/** Why a sign-in may not start: too many failures (of the account or from the address), or the account is busy. */
export type Refusal = 'failures' | 'busy';

/**
 * Guards sign-ins against guessing without holding back a school's morning rush (issue 37, F12):
 * - per address, only failures count, in a sliding window: the many correct sign-ins of a school behind one NAT
 *   address, all at 8 a.m., pass; a guesser's failures fill the bucket;
 * - per account, failures and sign-ins still under way count together, so guesses sent at once cannot all pass the
 *   check before the first failure is recorded: at most `perAccount` are ever tried in a window.
 * A success forgives the account's failures (not the address's). Other public calls that cost the server something
 * (unbound social logins, unknown device clients) count per address in their own bucket. Kept in memory: a restart
 * forgets the counts, acceptable for a single-process reference server.
 */
export class LoginLimiter {
  private readonly entries = new Map<string, number[]>();
  private readonly underWay = new Map<string, number>();

  constructor(
    private readonly options: LoginLimitOptions,
    private readonly now: () => number,
  ) {}

  get windowSeconds(): number {
    return this.options.windowSeconds;
  }

  /** Starts a sign-in for the account from the address, or says why it may not start. */
  begin(account: string, address: string): Attempt | Refusal {
    const accountFailures = failuresKey(account);
    const addressFailures = addressKey('login', address);
    const busyKey = accountFailures;
    const at = this.now();
    const failed = this.recent(accountFailures, at);
    const busy = this.underWay.get(busyKey) ?? 0;
    if (failed >= this.options.perAccount) return 'failures';
    if (this.recent(addressFailures, at) >= this.options.perAddress) return 'failures';
    if (failed + busy >= this.options.perAccount) return 'busy';
    this.underWay.set(busyKey, busy + 1);
    let ended = false;
    const end = () => {
      if (ended) return false;
      ended = true;
      const left = (this.underWay.get(busyKey) ?? 1) - 1;
      if (left > 0) this.underWay.set(busyKey, left);
      else this.underWay.delete(busyKey);
      return true;
    };
    return {
      succeeded: () => {
        if (end()) this.entries.delete(accountFailures);
      },
      failed: () => {
        if (!end()) return;
        const when = this.now();
        this.add(accountFailures, when);
        this.add(addressFailures, when);
      },
    };
  }

  /** Whether the address has used up a public call's bucket inside the window (checked before the call's work). */
  exhausted(bucket: string, address: string): boolean {
    return this.recent(addressKey(bucket, address), this.now()) >= this.options.perAddress;
  }

  /** Whether a person's bucket (their face, say) holds as many failures as an account may have in the window. */
  exhaustedForPerson(bucket: string, person: string): boolean {
    return this.recent(addressKey(bucket, person), this.now()) >= this.options.perAccount;
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
const failuresKey = (account: string) => `account:${account.trim().toLowerCase()}`;
const addressKey = (bucket: string, address: string) => `${bucket}:${address}`;

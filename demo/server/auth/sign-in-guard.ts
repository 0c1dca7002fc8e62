import type { LoginLimitOptions } from '../config';
import { CheckPool } from './check-pool';

/** A password check under way: it ends once, as a success or a failure. */
export interface Attempt {
  succeeded(): void;
  failed(): void;
}

/** Why a sign-in may not start, and from when it may (epoch ms). */
export interface Refusal {
  code: 'account_locked' | 'address_throttled';
  until: number;
}

export interface SignIn {
  account: string;
  address: string;
  /** The nonce of the browser's valid device token for this account, when it carries one (device-tokens.ts). */
  device: string | null;
  /** The password's fingerprint under its own key (keys.ts: passwordFingerprint), kept in memory only. */
  password: string;
}

/**
 * Guards password sign-ins (issue 55, then issue 67; OWASP "Blocking Brute Force Attacks", device cookies, and the
 * credential stuffing cheat sheet). Each sign-in passes its lanes in turn, waiting in each for its place, then waits
 * for a place among the hashes running (check-pool.ts):
 * - a browser that signed in as the account before (its device token) has a lane of its own: 5 failures lock that
 *   token for the window, nobody else's failures touch it, and no address rule holds it;
 * - every other browser shares the account's lane (5 failures lock the account to unknown browsers for the window),
 *   then the lane of its password at its address: one password that failed at `namesPerPassword` names from one
 *   address in the window is held there (password spraying: one common password tried across many names), checks
 *   under way counting with the failures.
 * Nothing counts an address's failures at other names and passwords: a guesser at made-up names, however long he
 * keeps going, only waits for his own checks, and everyone else's correct password is checked at once. What bounds
 * him is the hashing, shared fairly between addresses, and each account's and password's own lanes.
 * A sign-in that may not start yet waits in its lane's queue while a check under way can still make room (it ends
 * well, or the lane's limit of checks at once is reached); it is refused with the time to come back when only time
 * can. Queued guesses are thus judged after the failures ahead of them count. Kept in memory: a restart forgets it.
 */
export class SignInGuard {
  private readonly lanes = new Map<string, Lane>();
  private readonly pool: CheckPool;

  constructor(
    private readonly options: LoginLimitOptions,
    private readonly now: () => number,
  ) {
    this.pool = new CheckPool(options.checksAtOnce, options.waitingPerAddress);
  }

  /** Password checks running now. */
  get underWay(): number {
    return this.pool.underWay;
  }

  /** Waits for the sign-in's turn; a refusal says which rule holds it back and until when. */
  async begin(signIn: SignIn): Promise<Attempt | Refusal> {
    const { perAccount, windowSeconds, namesPerPassword } = this.options;
    const windowMs = windowSeconds * 1000;
    const lanes: Lane[] = [];
    const leaveAll = () => {
      for (const lane of lanes) lane.leave();
    };
    const own = signIn.device
      ? this.lane(`device:${signIn.device}`, () => new LockBudget(perAccount, windowMs))
      : this.lane(`account:${signIn.account.trim().toLowerCase()}`, () => new LockBudget(perAccount, windowMs));
    const refused = await own.enter();
    if (refused) return refused;
    lanes.push(own);
    if (!signIn.device) {
      const password = this.lane(
        `password:${signIn.address}:${signIn.password}`,
        () => new SprayBudget(namesPerPassword, windowMs),
      );
      const held = await password.enter();
      if (held) {
        leaveAll();
        return held;
      }
      lanes.push(password);
    }
    const place = this.pool.enter(signIn.address, signIn.device !== null);
    if (!place) {
      leaveAll();
      return { code: 'address_throttled', until: this.now() + FULL_QUEUE_RETRY_MS };
    }
    const release = await place;
    return this.attempt(lanes, signIn.account.trim().toLowerCase(), release);
  }

  private attempt(lanes: Lane[], name: string, release: () => void): Attempt {
    let ended = false;
    const end = (failed: boolean) => {
      if (ended) return;
      ended = true;
      release();
      const at = this.now();
      // Every budget learns the outcome before any queue moves: the next in line is judged with it.
      for (const lane of lanes) {
        if (failed) lane.budget.failed(at, name);
        else lane.budget.succeeded();
      }
      for (const lane of lanes) lane.leave();
    };
    return { succeeded: () => end(false), failed: () => end(true) };
  }

  private lane(key: string, budget: () => Budget): Lane {
    let lane = this.lanes.get(key);
    if (!lane) {
      // Guessed user names, passwords and passing addresses would otherwise grow the map without bound.
      if (this.lanes.size >= MAX_LANES) this.forgetIdle();
      lane = new Lane(budget(), this.now);
      this.lanes.set(key, lane);
    }
    return lane;
  }

  private forgetIdle(): void {
    for (const [key, lane] of this.lanes) if (lane.idle()) this.lanes.delete(key);
  }
}

const MAX_LANES = 10_000;
/** Sign-ins one lane holds waiting: a school's 8 a.m. rush from one address fits (200 at once, F12). */
const MAX_WAITING = 512;
/** A full queue (a lane's, or an address's among the hashes) asks its newcomer to come back this soon. */
const FULL_QUEUE_RETRY_MS = 1000;

/** 'go': start now; 'wait': a check under way will make room; a refusal: only time will. */
type Verdict = 'go' | 'wait' | Refusal;

interface Budget {
  /** The code a newcomer to a full queue is refused with. */
  readonly code: Refusal['code'];
  decide(underWay: number, at: number): Verdict;
  /** A check on this budget failed at `at`, at the account name `name`. */
  failed(at: number, name: string): void;
  succeeded(): void;
  /** Holds nothing worth remembering at `at`. */
  isEmpty(at: number): boolean;
}

/** Sign-ins under way on one budget and those waiting for their place, in arrival order. */
class Lane {
  private underWay = 0;
  private readonly waiting: Array<(refusal: Refusal | null) => void> = [];

  constructor(
    readonly budget: Budget,
    private readonly now: () => number,
  ) {}

  enter(): Promise<Refusal | null> {
    if (this.waiting.length >= MAX_WAITING) {
      return Promise.resolve({ code: this.budget.code, until: this.now() + FULL_QUEUE_RETRY_MS });
    }
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.pump();
    });
  }

  leave(): void {
    this.underWay -= 1;
    this.pump();
  }

  idle(): boolean {
    return this.underWay === 0 && this.waiting.length === 0 && this.budget.isEmpty(this.now());
  }

  /** 'wait' is only ever answered while a check is under way, whose leave() pumps again. */
  private pump(): void {
    while (this.waiting.length > 0) {
      const verdict = this.budget.decide(this.underWay, this.now());
      if (verdict === 'wait') return;
      const next = this.waiting.shift()!;
      if (verdict === 'go') this.underWay += 1;
      next(verdict === 'go' ? null : verdict);
    }
  }
}

/** An account's unknown browsers, or one device token: `limit` failures in the window lock it for the window. */
class LockBudget implements Budget {
  readonly code = 'account_locked';
  private failures: number[] = [];
  private lockedUntil = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  decide(underWay: number, at: number): Verdict {
    if (this.lockedUntil > at) return { code: this.code, until: this.lockedUntil };
    // Checks under way count with the failures: guesses sent at once cannot all be tried before one fails.
    return this.recent(at).length + underWay < this.limit ? 'go' : 'wait';
  }

  failed(at: number): void {
    this.failures = [...this.recent(at), at];
    if (this.failures.length < this.limit) return;
    this.lockedUntil = at + this.windowMs;
    this.failures = [];
  }

  succeeded(): void {
    this.failures = [];
  }

  isEmpty(at: number): boolean {
    return this.lockedUntil <= at && this.recent(at).length === 0;
  }

  private recent(at: number): number[] {
    this.failures = this.failures.filter((time) => time > at - this.windowMs);
    return this.failures;
  }
}

/**
 * One password at one address (issue 67): the distinct account names it failed at in the window. Past `names` of
 * them it is held at that address until the oldest leaves the window, whatever name it is tried at next: a password
 * tried across a school's accounts (spraying) reaches `names` of them in a window, not every account. A correct
 * sign-in with it is held too, at that address and for unknown browsers only: it is the account whose password is
 * being sprayed. Checks under way count as names, so guesses sent at once are not all tried before one fails.
 */
class SprayBudget implements Budget {
  readonly code = 'address_throttled';
  /** When it last failed at each name. */
  private readonly names = new Map<string, number>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  decide(underWay: number, at: number): Verdict {
    const failedAt = this.recent(at);
    if (failedAt.length + underWay < this.limit) return 'go';
    if (underWay > 0) return 'wait';
    return { code: this.code, until: Math.min(...failedAt) + this.windowMs };
  }

  failed(at: number, name: string): void {
    this.names.set(name, at);
  }

  succeeded(): void {}

  isEmpty(at: number): boolean {
    return this.recent(at).length === 0;
  }

  private recent(at: number): number[] {
    for (const [name, time] of this.names) if (time <= at - this.windowMs) this.names.delete(name);
    return [...this.names.values()];
  }
}

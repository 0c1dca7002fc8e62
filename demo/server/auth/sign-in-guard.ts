import type { LoginLimitOptions } from '../config';

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
  /** The nonce of the browser's device token for this account, when it carries a valid one (device-tokens.ts). */
  device: string | null;
}

/**
 * Guards password sign-ins (issue 55; OWASP "Blocking Brute Force Attacks", device cookies, and the credential
 * stuffing cheat sheet's throttling). Each sign-in passes its lanes in turn, waiting in each for its place:
 * - a browser that signed in as the account before (its device token) has a lane of its own: 5 failures lock that
 *   token for the window, nobody else's failures touch it, and no address throttle holds it;
 * - every other browser shares the account's lane (5 failures lock the account to unknown browsers for the window),
 *   then its address's lane: at most `underWayPerAddress` checks at once, and only as many as the address's bucket of
 *   wrong passwords has room for (`wrongPerMinutePerAddress`, refilled at that rate), counting the checks under way.
 * A sign-in that may not start yet waits in its lane's queue while a check under way can still make room (it ends
 * well, or the lane's limit of checks at once is reached); it is refused with the time to come back when only time
 * can. Queued guesses are thus judged after the failures ahead of them count. Kept in memory: a restart forgets it.
 */
export class SignInGuard {
  private readonly lanes = new Map<string, Lane>();

  constructor(
    private readonly options: LoginLimitOptions,
    private readonly now: () => number,
  ) {}

  /** Waits for the sign-in's turn; a refusal says which rule holds it back and until when. */
  async begin(signIn: SignIn): Promise<Attempt | Refusal> {
    const { perAccount, windowSeconds, wrongPerMinutePerAddress, underWayPerAddress } = this.options;
    const lock = () => new LockBudget(perAccount, windowSeconds * 1000);
    const own = signIn.device
      ? this.lane(`device:${signIn.device}`, lock)
      : this.lane(`account:${signIn.account.trim().toLowerCase()}`, lock);
    const refused = await own.enter();
    if (refused) return refused;
    if (signIn.device) return this.attempt([own]);
    const address = this.lane(
      `address:${signIn.address}`,
      () => new AddressBudget(wrongPerMinutePerAddress, underWayPerAddress),
    );
    const throttled = await address.enter();
    if (!throttled) return this.attempt([own, address]);
    own.leave();
    return throttled;
  }

  private attempt(lanes: Lane[]): Attempt {
    let ended = false;
    const end = (failed: boolean) => {
      if (ended) return;
      ended = true;
      const at = this.now();
      // Every budget learns the outcome before any queue moves: the next in line is judged with it.
      for (const lane of lanes) {
        if (failed) lane.budget.failed(at);
        else lane.budget.succeeded();
      }
      for (const lane of lanes) lane.leave();
    };
    return { succeeded: () => end(false), failed: () => end(true) };
  }

  private lane(key: string, budget: () => Budget): Lane {
    let lane = this.lanes.get(key);
    if (!lane) {
      // Guessed user names and passing addresses would otherwise grow the map without bound.
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
/** A full queue asks its newcomer to come back this soon. */
const FULL_QUEUE_RETRY_MS = 1000;

/** 'go': start now; 'wait': a check under way will make room; a refusal: only time will. */
type Verdict = 'go' | 'wait' | Refusal;

interface Budget {
  /** The code a newcomer to a full queue is refused with. */
  readonly code: Refusal['code'];
  decide(underWay: number, at: number): Verdict;
  failed(at: number): void;
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
 * An address's wrong passwords: a bucket the size of the checks it lets run at once (`atOnce`, 16), draining at what
 * is left of `perMinute` (9 of 25) a minute, so that in any minute at most `perMinute` are checked — a full bucket at
 * once, then what drains — however they are sent, and a colleague behind the same address waits 60 / 9 s at most for
 * the next place. Checks under way hold a place until they end; a correct one gives it back. (A bucket of `perMinute`
 * draining at `perMinute`, as first built, let a guesser who had waited have twice that checked in a minute.)
 */
class AddressBudget implements Budget {
  readonly code = 'address_throttled';
  private level = 0;
  private levelAt = 0;
  private readonly size: number;
  private readonly drainPerMinute: number;

  constructor(
    perMinute: number,
    private readonly atOnce: number,
  ) {
    this.size = Math.max(1, Math.min(atOnce, perMinute - 1));
    this.drainPerMinute = Math.max(1, perMinute - this.size);
  }

  decide(underWay: number, at: number): Verdict {
    const level = this.drained(at);
    if (underWay >= this.atOnce) return 'wait';
    if (level + underWay + 1 <= this.size) return 'go';
    if (underWay > 0) return 'wait';
    return { code: this.code, until: at + Math.ceil(((level + 1 - this.size) * 60_000) / this.drainPerMinute) };
  }

  failed(at: number): void {
    this.level = this.drained(at) + 1;
  }

  succeeded(): void {}

  isEmpty(at: number): boolean {
    return this.drained(at) === 0;
  }

  private drained(at: number): number {
    this.level = Math.max(0, this.level - ((at - this.levelAt) * this.drainPerMinute) / 60_000);
    this.levelAt = at;
    return this.level;
  }
}

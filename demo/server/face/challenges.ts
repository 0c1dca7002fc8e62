import { randomInt } from 'node:crypto';
import {
  LIVENESS_CHALLENGE_SECONDS,
  type LivenessAction,
  type LivenessChallenge,
  pickActions,
} from '../../../src/core/face/liveness';
import { ApiError } from '../envelope';
import { randomToken } from '../util/ids';

// Liveness challenges (issue 37): issued to an address (and, for clock-in, to one terminal account), answered once
// within LIVENESS_CHALLENGE_SECONDS, then gone. Kept in memory: a challenge lives for seconds, and a restarted
// server only asks the user to look at the camera again.
//
// Anonymous login challenges and terminals' challenges are kept apart (issue 54): anonymous callers share an
// allowance per address and in all, and however many of them there are, a clock-in terminal still gets its own one.
// Asking is never refused (issue 67): a full allowance gives up its oldest challenge, the address's own when the
// address is full, else the oldest of the address holding the most. So ~480 addresses asking without end (which kept
// face login at 429 for everyone) push out each other's challenges, not those of a school that asks a few at a time,
// and an address's flood pushes out its own.

/** What a challenge is for: a public face login, or a clock-in by the terminal account named. */
export type ChallengePurpose = { kind: 'login' } | { kind: 'clocking'; terminal: string };

interface Issued {
  challengeId: string;
  actions: LivenessAction[];
  address: string;
  expiresAt: number;
}

/** Open login challenges one address may hold: a school's NAT a few dozen. Past them its oldest goes. */
export const CHALLENGES_PER_ADDRESS = 50;
/** Open login challenges over all addresses: past them the oldest of the address holding the most goes. */
export const CHALLENGES_AT_MOST = 10_000;
/**
 * A terminal asking again gets its open challenge back while at least this many seconds are left to answer it (the
 * widget records frames for 3.5 s, then the photo travels and is described); with less, a new one is drawn.
 */
export const TERMINAL_REUSE_SECONDS = 10;

/** The allowance of anonymous login challenges (tests make it small). */
export interface ChallengeLimits {
  perAddress: number;
  atMost: number;
}

/** The turns of a challenge in an order drawn from crypto randomness. */
export const randomActions = (): LivenessAction[] => pickActions(randomInt(2) / 2);

export const challengeExpired = () =>
  new ApiError(400, 'face_challenge_expired', {
    zh: '动作验证已过期，请重新面对摄像头',
    en: 'The movement check has expired; face the camera to start again',
    hk: '動作驗證已過期，請重新面對攝像頭',
  });

export class ChallengeStore {
  /** Anonymous login challenges by id, in the order they were issued, which is the order they expire in. */
  private readonly logins = new Map<string, Issued>();
  /** Each address's open login challenges, oldest first. */
  private readonly openPerAddress = new Map<string, Issued[]>();
  /** Each clock-in terminal's one open challenge, by terminal account: bounded by the accounts with the role. */
  private readonly terminals = new Map<string, Issued>();
  private readonly limits: ChallengeLimits;

  constructor(
    private readonly seconds: () => number,
    private readonly pick: () => LivenessAction[] = randomActions,
    limits: Partial<ChallengeLimits> = {},
  ) {
    this.limits = { perAddress: CHALLENGES_PER_ADDRESS, atMost: CHALLENGES_AT_MOST, ...limits };
  }

  /** A new login challenge for the address, making room by giving up the oldest where an allowance is full. */
  issueLogin(address: string): LivenessChallenge {
    this.sweepLogins();
    const held = this.openPerAddress.get(address) ?? [];
    if (held.length >= this.limits.perAddress) this.forget(held[0]!);
    else if (this.logins.size >= this.limits.atMost) this.forget(this.oldestOfLargestHolder());
    const issued = this.draw(address);
    this.logins.set(issued.challengeId, issued);
    this.openPerAddress.set(address, [...(this.openPerAddress.get(address) ?? []), issued]);
    return this.shown(issued);
  }

  /** Open login challenges now (tests read it). */
  get openLogins(): number {
    return this.logins.size;
  }

  /** The oldest challenge of the address that holds the most (the first such address in the order they asked). */
  private oldestOfLargestHolder(): Issued {
    let largest: Issued[] = [];
    for (const held of this.openPerAddress.values()) if (held.length > largest.length) largest = held;
    return largest[0]!;
  }

  /**
   * The terminal's challenge: the open one again while it can still be answered (asking again draws no other
   * order of turns, so none can be shopped for at a terminal), else a new one. Never refused: no caller shares its allowance.
   */
  issueClocking(terminal: string, address: string): LivenessChallenge {
    const open = this.terminals.get(terminal);
    if (open && open.expiresAt - this.seconds() >= TERMINAL_REUSE_SECONDS) return this.shown(open);
    const issued = this.draw(address);
    this.terminals.set(terminal, issued);
    return this.shown(issued);
  }

  /**
   * The turns of a challenge issued to this address for this purpose, which is used up by the asking: a second
   * answer, a late one, or one from elsewhere is refused.
   */
  take(challengeId: string, address: string, purpose: ChallengePurpose): LivenessAction[] {
    const issued =
      purpose.kind === 'login' ? this.takeLogin(challengeId) : this.takeTerminal(purpose.terminal, challengeId);
    if (!issued || issued.address !== address || issued.expiresAt < this.seconds()) throw challengeExpired();
    return issued.actions;
  }

  private takeLogin(challengeId: string): Issued | undefined {
    const issued = this.logins.get(challengeId);
    if (issued) this.forget(issued);
    return issued;
  }

  /** The terminal's open challenge is used up by any answer of the terminal, and so is a login's sent with it. */
  private takeTerminal(terminal: string, challengeId: string): Issued | undefined {
    this.takeLogin(challengeId);
    const issued = this.terminals.get(terminal);
    this.terminals.delete(terminal);
    return issued?.challengeId === challengeId ? issued : undefined;
  }

  private draw(address: string): Issued {
    const expiresAt = this.seconds() + LIVENESS_CHALLENGE_SECONDS;
    return { challengeId: randomToken(18), actions: this.pick(), address, expiresAt };
  }

  private shown(issued: Issued): LivenessChallenge {
    const expiresIn = Math.max(0, issued.expiresAt - this.seconds());
    return { challengeId: issued.challengeId, actions: issued.actions, expiresIn };
  }

  private forget(issued: Issued): void {
    this.logins.delete(issued.challengeId);
    const held = (this.openPerAddress.get(issued.address) ?? []).filter((open) => open !== issued);
    if (held.length > 0) this.openPerAddress.set(issued.address, held);
    else this.openPerAddress.delete(issued.address);
  }

  /** Expired ones leave from the front: each challenge lives as long, so the oldest expires first. */
  private sweepLogins(): void {
    const now = this.seconds();
    for (const issued of this.logins.values()) {
      if (issued.expiresAt >= now) break;
      this.forget(issued);
    }
  }
}

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

/** What a challenge is for: a public face login, or a clock-in by the terminal account named. */
export type ChallengePurpose = { kind: 'login' } | { kind: 'clocking'; terminal: string };

interface Issued {
  actions: LivenessAction[];
  address: string;
  purpose: ChallengePurpose;
  expiresAt: number;
}

/** Open challenges one address may hold: a terminal needs one at a time, a school's NAT a few dozen. */
export const CHALLENGES_PER_ADDRESS = 50;
/** Open challenges over all addresses: beyond, the server answers 429 instead of growing. */
export const CHALLENGES_AT_MOST = 10_000;

/** The turns of a challenge in an order drawn from crypto randomness. */
export const randomActions = (): LivenessAction[] => pickActions(randomInt(2) / 2);

const tooMany = () =>
  new ApiError(429, 'face_challenges', {
    zh: '人脸验证请求过多，请稍后重试',
    en: 'Too many face checks at once, please try again in a moment',
  });

export const challengeExpired = () =>
  new ApiError(400, 'face_challenge_expired', {
    zh: '动作验证已过期，请重新面对摄像头',
    en: 'The movement check has expired; face the camera to start again',
  });

export class ChallengeStore {
  private readonly open = new Map<string, Issued>();

  constructor(
    private readonly seconds: () => number,
    private readonly pick: () => LivenessAction[] = randomActions,
  ) {}

  issue(address: string, purpose: ChallengePurpose): LivenessChallenge {
    this.sweep();
    let fromAddress = 0;
    for (const issued of this.open.values()) if (issued.address === address) fromAddress += 1;
    if (fromAddress >= CHALLENGES_PER_ADDRESS || this.open.size >= CHALLENGES_AT_MOST) throw tooMany();
    const challengeId = randomToken(18);
    const actions = this.pick();
    this.open.set(challengeId, { actions, address, purpose, expiresAt: this.seconds() + LIVENESS_CHALLENGE_SECONDS });
    return { challengeId, actions, expiresIn: LIVENESS_CHALLENGE_SECONDS };
  }

  /**
   * The actions of a challenge issued to this address for this purpose, which is used up by the asking: a second
   * answer, a late one, or one from elsewhere is refused.
   */
  take(challengeId: string, address: string, purpose: ChallengePurpose): LivenessAction[] {
    const issued = this.open.get(challengeId);
    this.open.delete(challengeId);
    const samePurpose =
      issued?.purpose.kind === purpose.kind &&
      (purpose.kind === 'login' ||
        (issued.purpose.kind === 'clocking' && issued.purpose.terminal === purpose.terminal));
    if (!issued || !samePurpose || issued.address !== address || issued.expiresAt < this.seconds()) {
      throw challengeExpired();
    }
    return issued.actions;
  }

  private sweep(): void {
    const now = this.seconds();
    for (const [id, issued] of this.open) if (issued.expiresAt < now) this.open.delete(id);
  }
}

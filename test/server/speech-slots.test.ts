import { describe, expect, it } from 'vitest';
import { speechSlots, WAITING_MS } from '../../demo/server/routes/base/speech-slots';

// The speech gateway's places (issue 67): 8 recognitions at once, 2 a user, and each unit its fair share of the 8.
// The gateway's own route is driven over WebSockets in speech.test.ts; here the rule itself, on an injected clock.

function gateway(limits = { atOnce: 8, perUnit: 4, perUser: 2 }) {
  let at = 0;
  const slots = speechSlots(limits, () => at);
  let people = 0;
  /** A recognition for a new person of `unit`: its release, or null when refused. */
  const ask = (unit: string) => slots.take({ user: `${unit}-${people++}`, unit });
  const askTimes = (unit: string, times: number) => Array.from({ length: times }, () => ask(unit));
  return {
    slots,
    ask,
    askTimes,
    advance: (ms: number) => {
      at += ms;
    },
  };
}

const granted = (releases: ((() => void) | null)[]) => releases.filter(Boolean).length;

describe('speech gateway places: a fair share for each unit (issue 67)', () => {
  it('lets one school alone hold half the places, and a second school the other half at once', () => {
    const g = gateway();
    expect(granted(g.askTimes('school', 5))).toBe(4);
    expect(granted(g.askTimes('area', 5))).toBe(4);
    expect(g.ask('third')).toBeNull();
  });

  it('gives a place given up to the unit that was refused, not back to the unit that held more than its share', () => {
    const g = gateway();
    const school = g.askTimes('school', 4);
    g.askTimes('area', 4);
    expect(g.ask('third')).toBeNull();
    school[0]?.();
    // Three units want places: 2 each is sure (8 / 3, rounded down); the school holds 3, the third school none.
    expect(g.ask('school')).toBeNull();
    expect(g.ask('area')).toBeNull();
    expect(g.ask('third')).not.toBeNull();
    school[1]?.();
    expect(g.ask('third')).not.toBeNull();
    school[2]?.();
    // The third school has its 2: the place is free for whoever asks.
    expect(g.ask('school')).not.toBeNull();
  });

  it('leaves no place idle while a unit asks: beyond the shares still claimed, anyone may take it', () => {
    const g = gateway({ atOnce: 4, perUnit: 2, perUser: 2 });
    g.ask('a');
    g.ask('b');
    g.ask('c');
    // Each holds its share of 1 (4 / 3): the fourth place is claimed by nobody.
    expect(g.ask('a')).not.toBeNull();
    expect(g.ask('b')).toBeNull();
  });

  it('forgets a refused unit after a while: it no longer holds places back for itself', () => {
    const g = gateway();
    const school = g.askTimes('school', 4);
    g.askTimes('area', 4);
    expect(g.ask('third')).toBeNull();
    g.advance(WAITING_MS);
    school[0]?.();
    expect(g.ask('school')).not.toBeNull();
  });

  it('refuses a user her third recognition while her school still has places', () => {
    const g = gateway();
    const teacher = { user: 'teacher', unit: 'school' };
    expect(g.slots.take(teacher)).not.toBeNull();
    expect(g.slots.take(teacher)).not.toBeNull();
    expect(g.slots.take(teacher)).toBeNull();
    expect(g.ask('school')).not.toBeNull();
  });

  it('gives a place back once however often its release is called', () => {
    const g = gateway({ atOnce: 1, perUnit: 1, perUser: 1 });
    const one = g.ask('school');
    one?.();
    one?.();
    expect(g.ask('school')).not.toBeNull();
    expect(g.ask('area')).toBeNull();
  });
});

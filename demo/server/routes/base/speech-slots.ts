// Who may start a recognition on the speech gateway (routes/base/nls.ts): each one is a recogniser process, so the
// server runs at most `atOnce`; a user holds at most `perUser`; and each unit (school) has a fair share (issue 67:
// one school's pupils could keep every other school's voice commands out).
//
// The units that want recognitions now are those holding one, those refused one in the last WAITING_MS, and the
// asker. Each is sure of its share: the server's recognitions divided among them, rounded down, at least one. A unit
// below its share takes a free place; one at or over it takes a place only if one is left beyond those the units
// below theirs may still claim — so no place stays idle while someone asks, and none is taken from a unit that is
// waiting for its share. Never more than `perUnit` (default half the server's: a second school finds room at once).
// Nothing running is taken away: a unit over its share keeps what it holds and gets no more until it is back under.

/** How long a unit refused a recognition still counts as wanting one: a person tries again within this. */
export const WAITING_MS = 15_000;

export interface SlotLimits {
  atOnce: number;
  perUnit: number;
  perUser: number;
}

export interface Speaker {
  user: string;
  unit: string;
}

/** Open recognitions counted by a key (a user, a unit). */
class Counts {
  private readonly open = new Map<string, number>();
  get(key: string): number {
    return this.open.get(key) ?? 0;
  }
  add(key: string, by: 1 | -1): void {
    const next = this.get(key) + by;
    if (next > 0) this.open.set(key, next);
    else this.open.delete(key);
  }
  keys(): IterableIterator<string> {
    return this.open.keys();
  }
}

export interface SpeechSlots {
  /** A place for `speaker`'s recognition and its release (to call when it ends), or null when refused. */
  take(speaker: Speaker): (() => void) | null;
}

export function speechSlots(limits: SlotLimits, now: () => number): SpeechSlots {
  const byUser = new Counts();
  const byUnit = new Counts();
  const refused = new Map<string, number>();
  let open = 0;

  /** The units wanting recognitions now, the asker among them. */
  const wanting = (asker: string) => {
    const at = now();
    for (const [unit, since] of refused) if (at - since >= WAITING_MS) refused.delete(unit);
    return new Set([...byUnit.keys(), ...refused.keys(), asker]);
  };

  const unitMayTake = (asker: string) => {
    const free = limits.atOnce - open;
    const held = byUnit.get(asker);
    if (free <= 0 || held >= limits.perUnit) return false;
    const units = wanting(asker);
    const share = Math.max(1, Math.floor(limits.atOnce / units.size));
    if (held < share) return true;
    let claimed = 0;
    for (const unit of units) if (unit !== asker) claimed += Math.max(0, share - byUnit.get(unit));
    return free > claimed;
  };

  const count = ({ user, unit }: Speaker, by: 1 | -1) => {
    open += by;
    byUser.add(user, by);
    byUnit.add(unit, by);
  };

  return {
    take(speaker) {
      if (byUser.get(speaker.user) >= limits.perUser) return null;
      if (!unitMayTake(speaker.unit)) {
        refused.set(speaker.unit, now());
        return null;
      }
      refused.delete(speaker.unit);
      count(speaker, 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        count(speaker, -1);
      };
    },
  };
}

// §4 request flow: a 401 starts one recovery — a token refresh, else a re-login — shared by every request that
// failed meanwhile. Requests remember the session generation they left under, so a 401 that arrives after the
// session was already renewed just replays instead of refreshing again.

export interface RecoverySteps {
  /** GET refresh: true when it gave a new session. */
  refresh(): Promise<boolean>;
  /** What a session that cannot be refreshed does: true only when it logged in again (device client). */
  relogin(): Promise<boolean>;
}

export interface SessionRecovery {
  /** The generation a request leaves under. */
  stamp(): number;
  /** True when the session was renewed after a request left with `stamp`. */
  renewedSince(stamp: number): boolean;
  /** The one recovery in flight (started now if there is none); resolves whether the session is back. */
  recover(refreshFirst: boolean): Promise<boolean>;
}

export function createSessionRecovery(steps: RecoverySteps): SessionRecovery {
  let generation = 0;
  let recovering: Promise<boolean> | null = null;
  return {
    stamp: () => generation,
    renewedSince: (stamp) => stamp !== generation,
    recover(refreshFirst) {
      recovering ??= (async () => {
        try {
          const renewed = (refreshFirst && (await steps.refresh())) || (await steps.relogin());
          if (renewed) generation++;
          return renewed;
        } finally {
          recovering = null;
        }
      })();
      return recovering;
    },
  };
}

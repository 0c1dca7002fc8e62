interface Entry {
  shared: number;
  /** Settles when the exclusive work holding the folder ends. */
  exclusive: Promise<void> | null;
  idle: (() => void)[];
}

/**
 * Per chunk folder: writes of chunks run side by side (shared), while what needs the folder still — a merge, a change
 * of layout, removing it — waits for them and holds new ones back (exclusive). In memory: one server process owns its
 * store.
 */
export class FolderGate {
  private readonly entries = new Map<string, Entry>();

  async shared<T>(folder: string, work: () => Promise<T>): Promise<T> {
    const entry = await this.enter(folder, (free) => {
      free.shared++;
    });
    try {
      return await work();
    } finally {
      entry.shared--;
      if (entry.shared === 0) for (const wake of entry.idle.splice(0)) wake();
      this.tidy(folder);
    }
  }

  async exclusive<T>(folder: string, work: () => Promise<T>): Promise<T> {
    let release = () => {};
    const held = new Promise<void>((done) => {
      release = done;
    });
    const entry = await this.enter(folder, (free) => {
      free.exclusive = held;
    });
    try {
      while (entry.shared > 0) await new Promise<void>((wake) => entry.idle.push(wake));
      return await work();
    } finally {
      entry.exclusive = null;
      release();
      this.tidy(folder);
    }
  }

  /** Whether anything runs on the folder now (the sweep leaves it). */
  busy(folder: string): boolean {
    const entry = this.entries.get(folder);
    return !!entry && (entry.shared > 0 || entry.exclusive !== null);
  }

  /** Waits until no exclusive work holds the folder, then `take`s it in the same turn, so nothing slips in between. */
  private async enter(folder: string, take: (entry: Entry) => void): Promise<Entry> {
    for (;;) {
      let entry = this.entries.get(folder);
      if (!entry) {
        entry = { shared: 0, exclusive: null, idle: [] };
        this.entries.set(folder, entry);
      }
      if (!entry.exclusive) {
        take(entry);
        return entry;
      }
      await entry.exclusive;
    }
  }

  private tidy(folder: string): void {
    const entry = this.entries.get(folder);
    if (entry && entry.shared === 0 && !entry.exclusive) this.entries.delete(folder);
  }
}

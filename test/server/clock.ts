/**
 * The server clock handed to `createServer({ now })` by tests: time moves only when a test says so, so lifetimes
 * (tokens, tickets, windows, sweeps) are tested without sleeping. Starts at the real time, since file times on disk
 * (chunk ages) are compared with it.
 */
export class ManualClock {
  private at = Date.now();

  readonly now = (): number => this.at;

  advance(seconds: number): void {
    this.at += seconds * 1000;
  }
}

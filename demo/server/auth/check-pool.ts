/**
 * The password checks (scrypt) the server runs at once, shared fairly between addresses (issue 67). 300 guesses sent
 * at once through forged device cookies took every scrypt thread of libuv's pool (4, shared with file reads): other
 * people's sign-ins and static files went from ~100 ms to 17–31 s. Now at most `atOnce` hashes run (by default the
 * machine's cores, so file reads keep threads of their own), and a free place goes to the addresses waiting in
 * turn, one check each: an address with 300 waiting delays another address's check by one round, not 300 checks.
 * Within an address, browsers that signed in as the account before (device tokens) go first, then arrival order.
 */
export class CheckPool {
  private running = 0;
  /** Addresses with checks waiting, in the order their turn comes (a Map keeps insertion order). */
  private readonly waiting = new Map<string, AddressQueue>();

  constructor(
    private readonly atOnce: number,
    private readonly waitingPerAddress: number,
  ) {}

  /**
   * Resolves, once the check may run, to the function that gives its place back; null at once when the address
   * already has `waitingPerAddress` checks waiting.
   */
  enter(address: string, known: boolean): Promise<() => void> | null {
    if (this.running < this.atOnce && this.waiting.size === 0) return Promise.resolve(this.start());
    const queue = this.waiting.get(address) ?? { known: [], unknown: [] };
    if (queue.known.length + queue.unknown.length >= this.waitingPerAddress) return null;
    this.waiting.set(address, queue);
    return new Promise((resolve) => (known ? queue.known : queue.unknown).push(() => resolve(this.start())));
  }

  /** Checks running now (tests read it). */
  get underWay(): number {
    return this.running;
  }

  private start(): () => void {
    this.running += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.running -= 1;
      this.pump();
    };
  }

  /** Gives free places to the waiting addresses in turn; an address served goes to the back of the line. */
  private pump(): void {
    while (this.running < this.atOnce) {
      const next = this.waiting.entries().next();
      if (next.done) return;
      const [address, queue] = next.value;
      const go = queue.known.shift() ?? queue.unknown.shift();
      this.waiting.delete(address);
      if (queue.known.length + queue.unknown.length > 0) this.waiting.set(address, queue);
      go?.();
    }
  }
}

interface AddressQueue {
  known: Array<() => void>;
  unknown: Array<() => void>;
}

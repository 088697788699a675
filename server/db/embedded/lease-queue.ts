/**
 * The embedded database has one connection. Whoever holds the lease uses it; the others wait
 * here in arrival order, plain requests before user-shaped (bounded) ones, so that a stream
 * of heavy reports cannot keep everyone else waiting behind it.
 */
export class LeaseQueue {
  #held = false;
  readonly #plain: (() => void)[] = [];
  readonly #bounded: (() => void)[] = [];

  /** Resolves when the caller holds the lease. */
  take(bounded: boolean): Promise<void> {
    if (!this.#held) {
      this.#held = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => (bounded ? this.#bounded : this.#plain).push(resolve));
  }

  /** Hands the lease to the next in line, or frees it. */
  give(): void {
    const next = this.#plain.shift() ?? this.#bounded.shift();
    if (next) next();
    else this.#held = false;
  }

  /** Requests waiting for the lease: a bounded statement running now makes way for them. */
  get waiting(): number {
    return this.#plain.length + this.#bounded.length;
  }

  get held(): boolean {
    return this.#held;
  }
}

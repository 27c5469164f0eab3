/**
 * At most PUSH_IN_FLIGHT pushes hold database connections at once; the next ones wait here, in
 * arrival order. Fifty devices coming back online at once otherwise take every pooled connection
 * for their replay transactions, and an online booking waits behind them in the pool's queue:
 * under that load its p99 was the pool wait (docs/performance.md "Latency under a floor's load").
 * Devices do not notice: their push takes as long in all, since the database is the bottleneck.
 */
export const PUSH_IN_FLIGHT = 6;

export class Gate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running++;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next waiter, so a newcomer cannot overtake it.
      if (next) next();
      else this.running--;
    }
  }
}

/**
 * The emulator's notion of "now". Tests move it forward to expire tokens or roll over daily quotas
 * without waiting; by default it follows the wall clock.
 */
export class Clock {
  private offsetMs = 0;
  private fixedMs: number | undefined;

  constructor(private readonly base: () => number = Date.now) {}

  /** Epoch milliseconds. */
  now(): number {
    return (this.fixedMs ?? this.base()) + this.offsetMs;
  }

  /** Epoch seconds (whole). */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(ms: number): number {
    this.offsetMs += ms;
    return this.now();
  }

  /** Freezes the clock at `ms` (epoch milliseconds); `advance` still moves it. */
  set(ms: number): number {
    this.fixedMs = ms;
    this.offsetMs = 0;
    return this.now();
  }

  reset(): void {
    this.fixedMs = undefined;
    this.offsetMs = 0;
  }
}

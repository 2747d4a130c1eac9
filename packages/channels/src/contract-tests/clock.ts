/** A test clock shared by an emulator and its adapter: time moves only when the adapter waits. */
export class FakeClock {
  constructor(public ms: number) {}
  readonly now = () => this.ms;
  /** The adapter's sleep: advances the clock, then yields once so background work can run. */
  readonly sleep = async (ms: number) => {
    this.ms += ms;
    await new Promise((resolve) => setImmediate(resolve));
  };
}

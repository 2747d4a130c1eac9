/** Every request an emulator receives, with its arrival time, so benchmarks can measure delivery. */
export interface RecordedRequest {
  /** Wall-clock arrival time in ms since the epoch, with sub-millisecond precision. */
  at: number;
  method: string;
  path: string;
  status?: number;
  /** Parsed JSON body (or raw text) for API calls; omitted for large bodies. */
  body?: unknown;
}

const MAX_RECORDED = 200_000;

export class RequestRecorder {
  private items: RecordedRequest[] = [];

  record(entry: RecordedRequest): RecordedRequest {
    if (this.items.length >= MAX_RECORDED) this.items.splice(0, MAX_RECORDED / 10);
    this.items.push(entry);
    return entry;
  }

  /** Requests received at or after `since` (epoch ms), optionally only those whose path contains `pathIncludes`. */
  list(filter: { since?: number; pathIncludes?: string } = {}): RecordedRequest[] {
    return this.items.filter(
      (r) =>
        (filter.since === undefined || r.at >= filter.since) &&
        (filter.pathIncludes === undefined || r.path.includes(filter.pathIncludes)),
    );
  }

  clear(): void {
    this.items = [];
  }
}

/** Epoch milliseconds with sub-millisecond precision. */
export const preciseNow = (): number => performance.timeOrigin + performance.now();

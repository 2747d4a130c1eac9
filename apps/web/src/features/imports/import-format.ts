/** Spec §2: "{n} in stock", plus " for {n} variants" when there is more than one variant. */
export function inventoryText(quantity: number, variants: number): string {
  return variants > 1 ? `${quantity} in stock for ${variants} variants` : `${quantity} in stock`;
}

/** An estimate of time left, rounded the way people say it. */
export function etaText(seconds: number | null | undefined): string | null {
  if (seconds === null || seconds === undefined || !Number.isFinite(seconds) || seconds < 0) {
    return null;
  }
  if (seconds < 5) return 'almost done';
  if (seconds < 60) return `about ${Math.ceil(seconds / 5) * 5} seconds left`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `about ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} left`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `about ${hours} h ${rest} min left`;
}

/** Whole-number percentage of a job, 0 when its size is not known yet. */
export function percentDone(done: number, failed: number, total: number): number {
  if (total <= 0) return 0;
  return Math.min(100, Math.floor(((done + failed) / total) * 100));
}

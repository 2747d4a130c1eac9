import type { EbayQuotaApi, EbaySettings } from './settings';

/**
 * Daily call quotas per API. The day rolls over at midnight in `settings.quotaTimeZone` (US Pacific
 * for eBay), measured on the emulator clock so tests can cross the boundary instantly.
 */
export class Quotas {
  private day = '';
  private used = new Map<EbayQuotaApi, number>();
  private readonly format: Intl.DateTimeFormat;
  /** Cached [start, end) of the current day in epoch ms would need tz math; a per-minute cache is enough. */
  private cachedMinute = -1;

  constructor(
    private readonly settings: EbaySettings,
    private readonly now: () => number,
  ) {
    this.format = new Intl.DateTimeFormat('en-CA', {
      timeZone: settings.quotaTimeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
  }

  private roll(): void {
    const now = this.now();
    const minute = Math.floor(now / 60_000);
    if (minute === this.cachedMinute) return;
    this.cachedMinute = minute;
    const day = this.format.format(now);
    if (day !== this.day) {
      this.day = day;
      this.used.clear();
    }
  }

  /** Counts one call; answers false when the API's daily quota is already used up. */
  take(api: EbayQuotaApi): boolean {
    this.roll();
    const limit = this.settings.quotas[api];
    const used = this.used.get(api) ?? 0;
    if (limit !== undefined && used >= limit) return false;
    this.used.set(api, used + 1);
    return true;
  }

  usage(): {
    day: string;
    used: Partial<Record<EbayQuotaApi, number>>;
    limits: EbaySettings['quotas'];
  } {
    this.roll();
    return { day: this.day, used: Object.fromEntries(this.used), limits: this.settings.quotas };
  }

  reset(): void {
    this.used.clear();
    this.day = '';
    this.cachedMinute = -1;
  }
}

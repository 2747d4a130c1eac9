import {
  ANALYTICS_TOP_VARIANTS,
  type AnalyticsSummary,
  type AnalyticsSummaryQuery,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import { enqueue } from '../../jobs/queue-repository';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { CatalogueFiguresRepository, type CatalogueRow } from './catalogue-repository';
import { summaryRange } from './range';
import { SalesFoldRepository } from './sales-fold-repository';
import { StockFoldRepository } from './stock-fold-repository';
import { seriesAsText } from './sales-repository';
import { revenueByCurrency, salesSummary } from './sales-summary';
import { summaryRows } from './summary-repository';
import { SyncHealthRepository, type ConnectionHealthRow } from './sync-health-repository';
import { syncLatency } from './sync-latency';
import { TopSellersRepository } from './top-sellers-repository';

/** How soon the stock fold runs again after it folded something. */
const STOCK_FOLD_AGAIN_MS = 3_000;

/**
 * The analytics summary (issue 23): catalogue, sales and sync health, each read from what the
 * database keeps up to date as changes commit (docs/decisions/0051), never from a scan.
 */
export class AnalyticsService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async summary(organizationId: string, query: AnalyticsSummaryQuery): Promise<AnalyticsSummary> {
    const range = { organizationId, ...summaryRange(query, this.clock.now()) };
    const rows = await summaryRows(this.db, range);
    if (!rows.settings) throw notFound();
    const settings = {
      currency: rows.settings.currency,
      lowStockThreshold: rows.settings.low_stock_threshold,
    };
    const catalogue = await new CatalogueFiguresRepository(this.db).aboveBuckets(
      rows.catalogue,
      organizationId,
      settings.lowStockThreshold,
    );
    const top = await new TopSellersRepository(this.db).after(
      rows.top,
      range,
      ANALYTICS_TOP_VARIANTS,
    );
    // An amount past 2^53 hundredths (never seen; numeric(16,2) allows it): read again as text.
    const series = rows.series.every((c) => c.exact)
      ? rows.series
      : await seriesAsText(this.db, range);
    const sold = series.map((c) => c.connection_id);
    const known = new Set(rows.connections.map((c) => c.id));
    const names = await new SyncHealthRepository(this.db).names(
      organizationId,
      [...new Set(sold)].filter((id) => !known.has(id)),
    );
    for (const c of rows.connections) names.set(c.id, { platform: c.platform, alias: c.alias });
    const failures = new Map(rows.failures.map((r) => [r.connection_id, Number(r.failures)]));
    const latency = syncLatency(
      rows.latency.map((b) => ({ bucket: b.bucket, sales: Number(b.sales) })),
      { pending: Number(rows.unconfirmed.pending), failed: Number(rows.unconfirmed.failed) },
    );
    return {
      from: range.from,
      to: range.to,
      currency: settings.currency,
      catalogue: catalogueFigures(catalogue, settings.lowStockThreshold),
      sales: {
        firstSaleDay: rows.first_sale_day,
        ...salesSummary(range, settings.currency, series, top, names),
        revenueByCurrency: revenueByCurrency(rows.currencies, settings.currency),
      },
      sync: syncHealth(rows.connections, failures, latency),
    };
  }

  /** Moves the sales recorded since the last fold into the aggregates (a job every minute). */
  foldSales(): Promise<number> {
    return new SalesFoldRepository(this.db).foldAll();
  }

  /** Moves the stock changes appended since the last fold into the stock buckets. */
  foldStock(): Promise<number> {
    return new StockFoldRepository(this.db).fold();
  }

  /**
   * The fold job: the catalogue's figures read unfolded changes at a cost per row (ADR 0045), so
   * while changes keep coming the fold runs again a few seconds later, not at the next minute.
   */
  async foldStockAndRequeue(): Promise<number> {
    const folded = await this.foldStock();
    if (folded > 0) {
      await enqueue(this.db, {
        name: 'analytics_stock_fold',
        payload: {},
        options: { key: 'analytics_stock_fold', delayMs: STOCK_FOLD_AGAIN_MS },
      });
    }
    return folded;
  }
}

function catalogueFigures(row: CatalogueRow, threshold: number): AnalyticsSummary['catalogue'] {
  return {
    products: Number(row.products),
    syncedProducts: Number(row.synced_products),
    variants: Number(row.variants),
    units: Number(row.units),
    stockValueAtCost: row.value_at_cost,
    stockValueAtPrice: row.value_at_price,
    potentialMargin: row.margin,
    potentialMarginPercent: row.margin_percent,
    missingSku: Number(row.missing_sku),
    missingCost: Number(row.missing_cost),
    oversold: Number(row.oversold),
    lowStock: Number(row.low_stock),
    lowStockThreshold: threshold,
    filterTotals: {
      oversold: Number(row.oversold_products),
      lowStock: Number(row.low_stock_products),
      missingSku: Number(row.missing_sku_products),
      missingCost: Number(row.missing_cost_products),
    },
  };
}

function syncHealth(
  rows: ConnectionHealthRow[],
  failures: Map<string, number>,
  saleToLastChannel: AnalyticsSummary['sync']['saleToLastChannel'],
): AnalyticsSummary['sync'] {
  const connections = rows.map((c) => ({
    connectionId: c.id,
    platform: c.platform,
    alias: c.alias,
    state:
      c.status === 'needs_reauth'
        ? ('needs_reauth' as const)
        : c.sync_enabled
          ? ('connected' as const)
          : ('sync_off' as const),
    lastReconciledAt: c.reconciled_at ? new Date(c.reconciled_at).toISOString() : null,
    pushesPending: Number(c.pushes_pending),
    pushesFailed: failures.get(c.id) ?? 0,
  }));
  const count = (state: string) => connections.filter((c) => c.state === state).length;
  return {
    connected: count('connected'),
    syncOff: count('sync_off'),
    needsReauth: count('needs_reauth'),
    pushesPending: connections.reduce((sum, c) => sum + c.pushesPending, 0),
    // Removed connections' failures count too: they happened in the range.
    pushesFailed: [...failures.values()].reduce((sum, n) => sum + n, 0),
    saleToLastChannel,
    connections,
  };
}

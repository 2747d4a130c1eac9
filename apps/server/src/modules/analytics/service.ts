import {
  ANALYTICS_TOP_VARIANTS,
  type AnalyticsSummary,
  type AnalyticsSummaryQuery,
} from '@stocksync/contract';
import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import { notFound } from '../../lib/errors';
import { CatalogueFiguresRepository, type CatalogueRow } from './catalogue-repository';
import { organizationSettings } from './organization-settings-repository';
import { summaryRange } from './range';
import { SalesFoldRepository } from './sales-fold-repository';
import { SalesFiguresRepository } from './sales-repository';
import { revenueByCurrency, salesSummary } from './sales-summary';
import { SyncHealthRepository, type ConnectionHealthRow } from './sync-health-repository';
import { rangeSyncLatency } from './sync-latency';
import { TopSellersRepository } from './top-sellers-repository';

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
    const settings = await organizationSettings(this.db, organizationId);
    if (!settings) throw notFound();
    const range = { organizationId, ...summaryRange(query, this.clock.now()) };
    const sales = new SalesFiguresRepository(this.db);
    const health = new SyncHealthRepository(this.db);
    const [catalogue, groups, top, connections, firstSaleDay, failures, currencies, latency] =
      await Promise.all([
        new CatalogueFiguresRepository(this.db).figures(organizationId, settings.lowStockThreshold),
        sales.groups(range),
        new TopSellersRepository(this.db).topVariants(range, ANALYTICS_TOP_VARIANTS),
        health.connections(organizationId),
        sales.firstSaleDay(organizationId),
        health.pushFailures(range),
        sales.currencies(range),
        rangeSyncLatency(this.db, range),
      ]);
    const sold = groups.flatMap((g) => (g.connection_id ? [g.connection_id] : []));
    const known = new Set(connections.map((c) => c.id));
    const names = await health.names(
      organizationId,
      [...new Set(sold)].filter((id) => !known.has(id)),
    );
    for (const c of connections) names.set(c.id, { platform: c.platform, alias: c.alias });
    return {
      from: range.from,
      to: range.to,
      currency: settings.currency,
      catalogue: catalogueFigures(catalogue, settings.lowStockThreshold),
      sales: {
        firstSaleDay,
        ...salesSummary(range, settings.currency, groups, top, names),
        revenueByCurrency: revenueByCurrency(currencies, settings.currency),
      },
      sync: syncHealth(connections, failures, latency),
    };
  }

  /** Moves the sales recorded since the last fold into the aggregates (a job every minute). */
  foldSales(): Promise<number> {
    return new SalesFoldRepository(this.db).foldAll();
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
    lastReconciledAt: c.reconciled_at?.toISOString() ?? null,
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

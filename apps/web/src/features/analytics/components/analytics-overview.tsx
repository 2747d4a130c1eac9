import type { AnalyticsSummary } from '@stocksync/contract';
import { LoadError } from '@/components/layout/load-error';
import { Spinner } from '@/components/ui/spinner';
import { formatMoney } from '@/lib/money';
import { useAnalyticsSummary } from '../api/get-summary';
import { rangeOf, type AnalyticsRangeSearch } from '../analytics-range';
import { ChannelSplit } from './channel-split';
import { RangePicker } from './range-picker';
import { RevenueByCurrency } from './revenue-by-currency';
import { SalesChart } from './sales-chart';
import { SetupChecklist, type SetupProgress } from './setup-checklist';
import { SummaryCards } from './summary-cards';
import { SyncHealth } from './sync-health';
import { TopVariants } from './top-variants';

function progressOf(summary: AnalyticsSummary): SetupProgress {
  return {
    connected: summary.sync.connections.length > 0,
    imported: summary.catalogue.products > 0,
    syncOn: summary.catalogue.syncedProducts > 0,
    firstSale: summary.sales.firstSaleDay !== null,
  };
}

function Section({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * The dashboard's figures (GET /v1/analytics/summary): a setup checklist until the seller's first
 * synced sale, then the catalogue cards, sales over the chosen range and sync health.
 */
export function AnalyticsOverview({
  orgId,
  orgName,
  search,
  onRangeChange,
}: {
  orgId: string;
  orgName: string;
  search: AnalyticsRangeSearch;
  onRangeChange: (next: AnalyticsRangeSearch) => void;
}) {
  const { from, to } = rangeOf(search);
  const summary = useAnalyticsSummary(orgId, from, to);
  if (summary.isPending)
    return <Spinner className="mb-8 size-6 text-muted-foreground" label="Loading the figures" />;
  if (summary.isError)
    return (
      <div className="mb-8">
        <LoadError
          subject="The figures"
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      </div>
    );
  const data = summary.data;
  const progress = progressOf(data);
  const complete = Object.values(progress).every(Boolean);
  const { sales, currency } = data;
  return (
    <div className="mb-8 grid min-w-0 gap-8">
      {complete ? null : <SetupChecklist orgName={orgName} progress={progress} />}
      {progress.imported ? (
        <>
          <Section id="stock-heading" title="Stock">
            <SummaryCards orgName={orgName} catalogue={data.catalogue} currency={currency} />
          </Section>
          <Section id="sales-heading" title="Sales">
            <RangePicker key={`${from}/${to}`} search={search} onChange={onRangeChange} />
            <p className="text-sm text-muted-foreground">
              {from} to {to} (UTC): {sales.totals.units} units,{' '}
              {formatMoney(sales.totals.revenue, currency)}
              {summary.isFetching ? ' · updating…' : ''}
            </p>
            {sales.estimated.units > 0 ? (
              <p className="text-xs text-muted-foreground">
                Estimated: {sales.estimated.units} units,{' '}
                {formatMoney(sales.estimated.revenue, currency)}. {sales.estimated.note}
              </p>
            ) : null}
            {sales.unvaluedUnits > 0 ? (
              <p className="text-xs text-muted-foreground">
                {sales.unvaluedUnits} units sold have no price in {currency} (only a channel&apos;s
                price in another currency): counted in the units, not in the {currency} revenue; see
                revenue by currency.
              </p>
            ) : null}
            <RevenueByCurrency rows={sales.revenueByCurrency} currency={currency} />
            <div className="grid min-w-0 gap-6 lg:grid-cols-3">
              <div className="min-w-0 lg:col-span-2">
                <SalesChart sales={sales} currency={currency} />
              </div>
              <ChannelSplit sales={sales} currency={currency} />
            </div>
            <h3 className="text-base font-semibold">Best sellers</h3>
            <TopVariants orgName={orgName} top={sales.topVariants} currency={currency} />
          </Section>
        </>
      ) : null}
      {progress.connected ? (
        <Section id="sync-heading" title="Sync health">
          <SyncHealth sync={data.sync} />
        </Section>
      ) : null}
    </div>
  );
}

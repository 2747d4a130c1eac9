import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import type { AnalyticsSummary } from '@stocksync/contract';
import { formatMoney } from '@/lib/money';
import type { Currency } from '@/lib/api-types';
import { inventoryLinks, type InventoryLink } from './inventory-links';

type Figure = {
  label: string;
  value: string;
  detail?: string;
  /** The inventory filtered to these products; none when the list has no such filter. */
  link?: InventoryLink;
  tone?: 'warning' | 'danger';
};

const count = (n: number) => n.toLocaleString('en-US');

const variants = (n: number) => `${count(n)} ${n === 1 ? 'variant' : 'variants'}`;

function figures(c: AnalyticsSummary['catalogue'], currency: Currency): Figure[] {
  const money = (amount: string) => formatMoney(amount, currency);
  const listed = c.filterTotals;
  return [
    { label: 'Stock value at cost', value: money(c.stockValueAtCost), link: inventoryLinks.stock },
    {
      label: 'Stock value at price',
      value: money(c.stockValueAtPrice),
      link: inventoryLinks.stock,
    },
    {
      label: 'Potential margin',
      value: money(c.potentialMargin),
      detail:
        c.potentialMarginPercent === null
          ? undefined
          : `${c.potentialMarginPercent}% of value at price`,
      link: inventoryLinks.stock,
    },
    {
      label: 'Units in stock',
      value: count(c.units),
      detail: `${count(c.variants)} variants of ${count(c.products)} products`,
      link: inventoryLinks.stock,
    },
    // These four count what the inventory's filter they open lists: products (ADR 0060).
    {
      label: 'Oversold',
      value: count(listed.oversold),
      detail: `products with a variant below 0 (${variants(c.oversold)})`,
      tone: listed.oversold > 0 ? 'danger' : undefined,
      link: inventoryLinks.oversold,
    },
    {
      label: 'Low stock',
      value: count(listed.lowStock),
      detail:
        `products with a variant at ${count(c.lowStockThreshold)} or fewer, oversold included ` +
        `(${variants(c.lowStock)} from 0 to ${count(c.lowStockThreshold)})`,
      tone: listed.lowStock > 0 ? 'warning' : undefined,
      link: inventoryLinks.lowStock,
    },
    {
      label: 'Missing SKU',
      value: count(listed.missingSku),
      detail: `products with a variant without a SKU (${variants(c.missingSku)})`,
      tone: listed.missingSku > 0 ? 'warning' : undefined,
      link: inventoryLinks.missingSku,
    },
    {
      label: 'Missing cost',
      value: count(listed.missingCost),
      detail: `products with a variant without a cost price (${variants(c.missingCost)})`,
      tone: listed.missingCost > 0 ? 'warning' : undefined,
      link: inventoryLinks.missingCost,
    },
  ];
}

const toneClass = { warning: 'text-amber-600 dark:text-amber-400', danger: 'text-destructive' };

function CardBody({ figure }: { figure: Figure }) {
  return (
    <>
      <span className="text-sm text-muted-foreground">{figure.label}</span>
      <span
        className={`text-2xl font-semibold tabular-nums ${figure.tone ? toneClass[figure.tone] : ''}`}
      >
        {figure.value}
      </span>
      {figure.detail ? (
        <span className="text-xs text-muted-foreground">{figure.detail}</span>
      ) : null}
    </>
  );
}

/** The catalogue's figures, each opening the inventory filtered to the products it counts. */
export function SummaryCards({
  orgName,
  catalogue,
  currency,
}: {
  orgName: string;
  catalogue: AnalyticsSummary['catalogue'];
  currency: Currency;
}) {
  const cardClass =
    'flex min-w-0 flex-col gap-1 rounded-xl border bg-card p-4 text-card-foreground shadow-sm';
  const items: ReactNode[] = figures(catalogue, currency).map((figure) => (
    <li key={figure.label} className="min-w-0">
      {figure.link ? (
        <Link
          to="/$org/inventory"
          params={{ org: orgName }}
          search={figure.link}
          className={`${cardClass} h-full outline-none transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60`}
          aria-label={`${figure.label}: ${figure.value}${figure.detail ? ` ${figure.detail}` : ''}. Show these products in the inventory`}
        >
          <CardBody figure={figure} />
        </Link>
      ) : (
        <div className={`${cardClass} h-full`}>
          <CardBody figure={figure} />
        </div>
      )}
    </li>
  ));
  return <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4">{items}</ul>;
}

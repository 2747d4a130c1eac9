// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import type { AnalyticsSummary } from '@stocksync/contract';
import { describe, expect, it } from 'vitest';
import { SalesChart } from './sales-chart';

const [shop, ebay] = [
  '0a000000-0000-4000-8000-000000000000',
  'a0000000-0000-4000-8000-000000000000',
];

const sales: AnalyticsSummary['sales'] = {
  firstSaleDay: '2026-03-01',
  totals: { units: 7, revenue: '70.50' },
  estimated: { units: 0, revenue: '0.00', note: '' },
  unvaluedUnits: 0,
  revenueByCurrency: [],
  daily: {
    days: ['2026-03-01', '2026-03-02', '2026-03-03'],
    units: [5, 0, 2],
    revenue: ['50.25', '0.00', '20.25'],
  },
  channels: [
    {
      connectionId: shop,
      platform: 'shopify',
      alias: 'main',
      units: 6,
      revenue: '60.25',
      daily: { units: [4, 0, 2], revenue: ['40.00', '0.00', '20.25'] },
    },
    {
      connectionId: ebay,
      platform: 'ebay',
      alias: 'outlet',
      units: 1,
      revenue: '10.25',
      daily: { units: [1, 0, 0], revenue: ['10.25', '0.00', '0.00'] },
    },
  ],
  topVariants: [],
};

describe('SalesChart', () => {
  it("tables every day with each channel's units and the day's totals", () => {
    render(<SalesChart sales={sales} currency="USD" />);
    const table = screen.getByRole('table', { name: 'Units and revenue per day and channel' });
    const cells = (day: string) =>
      within(within(table).getByRole('row', { name: new RegExp(`^${day}`) }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    // Channels in the split's order (Shopify, then eBay), then units and revenue.
    expect(cells('2026-03-01')).toEqual(['4', '1', '5', '$50.25']);
    expect(cells('2026-03-02')).toEqual(['0', '0', '0', '$0.00']);
    expect(cells('2026-03-03')).toEqual(['2', '0', '2', '$20.25']);
    expect(
      screen.getByText(/Units sold per day by channel, 2026-03-01 to 2026-03-03/),
    ).toBeTruthy();
  });
});

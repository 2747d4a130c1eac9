// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatLatency, SaleLatency } from './sale-latency';

describe('SaleLatency', () => {
  it('shows the median and 95th percentile as upper ends, and the sales left out of them', () => {
    render(
      <SaleLatency
        latency={{
          synced: 1234,
          p50Ms: 1024,
          p95Ms: 65_536,
          precisionPercent: 9,
          pending: 3,
          failed: 1,
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'From a sale to its last channel' });
    const value = (label: string) =>
      within(section).getByText(label).nextElementSibling?.textContent;
    expect(value('Median')).toBe('≤ 1.0 s');
    expect(value('95th percentile')).toBe('≤ 1 min 6 s');
    expect(value('Sales on every channel')).toBe('1,234');
    expect(value('Sales waiting for a channel')).toBe('3');
    expect(value('Sales a channel refused')).toBe('1');
    expect(section).toHaveTextContent('at most 9% above the measured time');
  });

  it('says so when no sale reached every channel', () => {
    render(
      <SaleLatency
        latency={{
          synced: 0,
          p50Ms: null,
          p95Ms: null,
          precisionPercent: 9,
          pending: 0,
          failed: 2,
        }}
      />,
    );
    expect(screen.getAllByText('No synced sale')).toHaveLength(2);
  });

  it('writes latencies in the unit a person reads', () => {
    expect(formatLatency(850)).toBe('850 ms');
    expect(formatLatency(4_240)).toBe('4.2 s');
    expect(formatLatency(185_000)).toBe('3 min 5 s');
    expect(formatLatency(7_800_000)).toBe('2 h 10 min');
  });
});

// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevenueByCurrency } from './revenue-by-currency';

const none = { estimatedUnits: 0, estimatedRevenue: '0.00' };

describe('RevenueByCurrency', () => {
  it("lists each order currency at the orders' own prices when one differs from the organisation's", () => {
    render(
      <RevenueByCurrency
        currency="USD"
        rows={[
          { currency: 'USD', units: 12, revenue: '120.50', ...none },
          { currency: 'GBP', units: 4, revenue: '12.40', ...none },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: /Revenue by currency/ });
    const gbp = within(table).getByRole('row', { name: /GBP/ });
    expect(gbp).toHaveTextContent('£12.40');
    expect(gbp).toHaveTextContent('4');
    expect(within(table).getByRole('row', { name: /USD/ })).toHaveTextContent('$120.50');
    expect(table).not.toHaveTextContent("listing's price");
  });

  it("says which part of a currency's revenue is at the listing's price", () => {
    render(
      <RevenueByCurrency
        currency="USD"
        rows={[
          { currency: 'USD', units: 2, revenue: '20.00', ...none },
          {
            currency: 'GBP',
            units: 5,
            revenue: '31.00',
            estimatedUnits: 3,
            estimatedRevenue: '22.50',
          },
        ]}
      />,
    );
    const gbp = screen.getByRole('row', { name: /GBP/ });
    expect(gbp).toHaveTextContent('£31.00');
    expect(gbp).toHaveTextContent("of which 3 units, £22.50 at the listing's price");
  });

  it("shows nothing when every priced order was in the organisation's currency", () => {
    const { container } = render(
      <RevenueByCurrency
        currency="EUR"
        rows={[{ currency: 'EUR', units: 3, revenue: '9.00', ...none }]}
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

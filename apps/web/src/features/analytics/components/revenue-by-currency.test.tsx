// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RevenueByCurrency } from './revenue-by-currency';

describe('RevenueByCurrency', () => {
  it("lists each order currency at the orders' own prices when one differs from the organisation's", () => {
    render(
      <RevenueByCurrency
        currency="USD"
        rows={[
          { currency: 'USD', units: 12, revenue: '120.50' },
          { currency: 'GBP', units: 4, revenue: '12.40' },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: /Revenue by order currency/ });
    const gbp = within(table).getByRole('row', { name: /GBP/ });
    expect(gbp).toHaveTextContent('£12.40');
    expect(gbp).toHaveTextContent('4');
    expect(within(table).getByRole('row', { name: /USD/ })).toHaveTextContent('$120.50');
  });

  it("shows nothing when every priced order was in the organisation's currency", () => {
    const { container } = render(
      <RevenueByCurrency currency="EUR" rows={[{ currency: 'EUR', units: 3, revenue: '9.00' }]} />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});

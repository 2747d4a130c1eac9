// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LoadError } from './load-error';

describe('LoadError', () => {
  it('is an alert named "<subject> could not be loaded" that shows why', () => {
    render(<LoadError subject="The activity" error={new Error('The server is unavailable')} />);
    const alert = screen.getByRole('alert', { name: 'The activity could not be loaded' });
    expect(alert).toHaveTextContent('The server is unavailable');
  });

  it('loads again when the seller presses Try again', async () => {
    const onRetry = vi.fn();
    render(<LoadError subject="The products" error="Timed out" onRetry={onRetry} />);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('offers no Try again without a way to retry, but keeps the other ways out', () => {
    render(
      <LoadError subject="The account shop-1" actions={<a href="/integrations">Integrations</a>} />,
    );
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Integrations' })).toBeVisible();
  });

  it('makes the title the page heading on a screen that is only this error', () => {
    render(<LoadError subject="The products of shop-1" titleAs="h1" error="Gone" />);
    expect(
      screen.getByRole('heading', { level: 1, name: 'The products of shop-1 could not be loaded' }),
    ).toBeVisible();
  });

  it('says it on one line inside a section, with the reason after a colon', () => {
    render(<LoadError inline subject="The listings" error={new Error('Bad gateway')} />);
    expect(
      screen.getByRole('alert', { name: 'The listings could not be loaded' }),
    ).toHaveTextContent('The listings could not be loaded: Bad gateway');
  });

  it('lets a more precise title replace "could not be loaded"', () => {
    render(<LoadError subject="The account shop-1" title="No connected account named shop-1" />);
    expect(screen.getByRole('alert', { name: 'No connected account named shop-1' })).toBeVisible();
  });
});

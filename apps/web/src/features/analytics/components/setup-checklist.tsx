import { Link } from '@tanstack/react-router';
import { CircleCheck, Circle } from 'lucide-react';

export type SetupProgress = {
  connected: boolean;
  imported: boolean;
  syncOn: boolean;
  firstSale: boolean;
};

/**
 * A new seller's first steps, each ticked from what the organisation holds (a connection, imported
 * products, a product with sync on, a sale recorded by sync), never from a click.
 */
export function SetupChecklist({
  orgName,
  progress,
}: {
  orgName: string;
  progress: SetupProgress;
}) {
  const steps = [
    {
      done: progress.connected,
      label: 'Connect a sales channel',
      hint: 'Shopify, eBay or TikTok Shop, below.',
      to: null,
    },
    {
      done: progress.imported,
      label: 'Import your products',
      hint: 'Integrations → your account → Import.',
      to: '/$org/integrations' as const,
    },
    {
      done: progress.syncOn,
      label: 'Turn on sync',
      hint: 'Select products in the inventory and turn sync on.',
      to: '/$org/inventory' as const,
    },
    {
      done: progress.firstSale,
      label: 'First sale synced',
      hint: 'A sale on one channel updates the others.',
      to: null,
    },
  ];
  const done = steps.filter((s) => s.done).length;
  return (
    <section
      aria-labelledby="setup-heading"
      className="mb-8 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2 id="setup-heading" className="text-lg font-semibold">
        Get set up
      </h2>
      <p className="mb-3 text-sm text-muted-foreground">
        {done} of {steps.length} done
      </p>
      <ol className="grid gap-2">
        {steps.map((step) => (
          <li key={step.label} className="flex items-start gap-2">
            {step.done ? (
              <CircleCheck
                className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                aria-hidden
              />
            ) : (
              <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
            )}
            <span className="grid">
              <span className={step.done ? 'text-muted-foreground line-through' : 'font-medium'}>
                {step.label}
                <span className="sr-only">{step.done ? ' (done)' : ' (to do)'}</span>
              </span>
              {step.done ? null : step.to ? (
                <Link
                  to={step.to}
                  params={{ org: orgName }}
                  className="text-sm text-muted-foreground underline-offset-4 hover:underline"
                >
                  {step.hint}
                </Link>
              ) : (
                <span className="text-sm text-muted-foreground">{step.hint}</span>
              )}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}

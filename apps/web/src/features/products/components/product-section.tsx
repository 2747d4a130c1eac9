import { useId, type ReactNode } from 'react';
import { LoadError } from '@/components/layout/load-error';
import { Spinner } from '@/components/ui/spinner';

type ProductSectionProps = {
  title: string;
  /** What is loaded, in words: "listings", "stock history". */
  what: string;
  query: { isPending: boolean; isError: boolean; error: Error | null; refetch: () => unknown };
  note?: ReactNode;
  children: () => ReactNode;
};

/** A titled section of the product page with its own loading and load-error states. */
export function ProductSection({ title, what, query, note, children }: ProductSectionProps) {
  const headingId = useId();
  let body: ReactNode;
  if (query.isPending) {
    body = (
      <div className="flex items-center gap-2 py-3 text-sm text-muted-foreground">
        <Spinner label={`Loading ${what}`} /> Loading {what}…
      </div>
    );
  } else if (query.isError) {
    body = (
      <LoadError
        inline
        className="py-3"
        subject={`The ${what}`}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  } else {
    body = children();
  }
  return (
    <section aria-labelledby={headingId} className="grid gap-2">
      <h2 id={headingId} className="text-lg font-semibold">
        {title}
      </h2>
      {note}
      {body}
    </section>
  );
}

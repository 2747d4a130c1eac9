import { useId, type ReactNode } from 'react';
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
      <div role="alert" className="flex items-center gap-3 py-3 text-sm text-destructive">
        Could not load the {what}: {query.error?.message}
        <button type="button" className="underline" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
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

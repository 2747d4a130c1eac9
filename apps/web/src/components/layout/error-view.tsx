import { useEffect, useState } from 'react';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { Button } from '@/components/ui/button';
import { reloadOnceForChunkError } from '@/lib/chunk-reload';
import { reportError } from '@/lib/observability';

export function ErrorView({ error, reset }: ErrorComponentProps) {
  const [showError, setShowError] = useState(false);

  useEffect(() => {
    if (reloadOnceForChunkError(error)) return;
    console.error(error);
    reportError(error);
  }, [error]);

  return (
    <main role="alert" className="mx-auto flex max-w-xl flex-col items-start gap-4 p-6">
      <h1 className="text-2xl font-semibold">Something went wrong!</h1>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => setShowError((shown) => !shown)}>
          {showError ? 'Hide Error' : 'Show Error'}
        </Button>
        <Button variant="ghost" size="sm" onClick={reset}>
          Try again
        </Button>
      </div>
      {showError ? (
        <pre className="w-full overflow-auto rounded-md border border-destructive/40 bg-destructive/10 p-3 text-sm text-destructive">
          {error instanceof Error ? error.message : String(error)}
        </pre>
      ) : null}
    </main>
  );
}

import { useEffect } from 'react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { reportError } from '@/lib/observability';

type ImportErrorScreenProps = ErrorComponentProps & { orgName: string; alias: string };

/** Spec §2/§8: the import screens' own error screen when their data cannot be loaded. */
export function ImportErrorScreen({ error, reset, orgName, alias }: ImportErrorScreenProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();

  useEffect(() => {
    console.error(error);
    if (!isApiError(error) || error.status >= 500) reportError(error);
  }, [error]);

  const notFound = isApiError(error) && error.status === 404;
  return (
    <section role="alert" className="grid justify-items-start gap-4 rounded-lg border p-6">
      <h1 className="flex items-center gap-2 text-xl font-semibold">
        <CircleAlert className="size-5 text-destructive" aria-hidden />
        {notFound ? `No connected account named ${alias}` : 'The import screen could not be loaded'}
      </h1>
      <p className="text-sm text-muted-foreground">
        {notFound
          ? 'It may have been disconnected or renamed. Connected accounts are listed on the integrations screen.'
          : error instanceof Error
            ? error.message
            : String(error)}
      </p>
      <div className="flex flex-wrap gap-2">
        {notFound ? null : (
          <Button
            variant="outline"
            onClick={() => {
              queryErrorReset.reset();
              reset();
              void router.invalidate();
            }}
          >
            Try again
          </Button>
        )}
        <Link to="/$org/integrations" params={{ org: orgName }} className={buttonVariants()}>
          Go to integrations
        </Link>
      </div>
    </section>
  );
}

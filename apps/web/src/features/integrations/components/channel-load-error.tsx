import { useEffect, type ReactNode } from 'react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { CircleAlert } from 'lucide-react';
import { Button, buttonVariants } from '@/components/ui/button';
import { isApiError } from '@/lib/api-client';
import { reportError } from '@/lib/observability';
import { AccountNotFoundError } from '../api/get-account';

type ChannelLoadErrorProps = ErrorComponentProps & {
  orgName: string;
  alias: string;
  what: 'import' | 'account';
  /** A way out that fits the failure, e.g. reconnecting an account that lost its access. */
  action?: ReactNode;
};

/**
 * The error screen of a connected account's screens when their data cannot be loaded (spec §2/§8:
 * the import screens have a dedicated one).
 */
export function ChannelLoadError({
  error,
  reset,
  orgName,
  alias,
  what,
  action,
}: ChannelLoadErrorProps) {
  const router = useRouter();
  const queryErrorReset = useQueryErrorResetBoundary();
  const missing = error instanceof AccountNotFoundError;

  useEffect(() => {
    console.error(error);
    if (!missing && (!isApiError(error) || error.status >= 500)) reportError(error);
  }, [error, missing]);

  return (
    <section role="alert" className="grid justify-items-start gap-4 rounded-lg border p-6">
      <h1 className="flex items-center gap-2 text-xl font-semibold">
        <CircleAlert className="size-5 text-destructive" aria-hidden />
        {missing
          ? `No connected account named ${alias}`
          : what === 'import'
            ? `The products of ${alias} could not be loaded`
            : `The account ${alias} could not be loaded`}
      </h1>
      <p className="text-sm text-muted-foreground">
        {missing
          ? 'It may have been disconnected or renamed. Connected accounts are listed on the integrations screen.'
          : error instanceof Error
            ? error.message
            : String(error)}
      </p>
      <div className="flex flex-wrap gap-2">
        {action}
        {missing || action ? null : (
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

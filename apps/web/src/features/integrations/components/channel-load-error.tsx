import { useEffect, type ReactNode } from 'react';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useQueryErrorResetBoundary } from '@tanstack/react-query';
import { LoadError } from '@/components/layout/load-error';
import { buttonVariants } from '@/components/ui/button';
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
    <LoadError
      titleAs="h1"
      subject={what === 'import' ? `The products of ${alias}` : `The account ${alias}`}
      title={missing ? `No connected account named ${alias}` : undefined}
      error={
        missing
          ? 'It may have been disconnected or renamed. Connected accounts are listed on the integrations screen.'
          : error
      }
      onRetry={
        missing || action
          ? undefined
          : () => {
              queryErrorReset.reset();
              reset();
              void router.invalidate();
            }
      }
      actions={
        <>
          {action}
          <Link to="/$org/integrations" params={{ org: orgName }} className={buttonVariants()}>
            Go to integrations
          </Link>
        </>
      }
    />
  );
}

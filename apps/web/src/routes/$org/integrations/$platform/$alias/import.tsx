import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/react-router';
import { remoteProductsQueryOptions } from '@/features/imports/api/get-remote-products';
import { ImportLoadError } from '@/features/imports/components/import-load-error';
import { ImportScreen } from '@/features/imports/components/import-screen';
import { ensureAccount } from '@/features/integrations/api/get-account';
import { isPlatform } from '@/lib/channels';

// /{org}/integrations/{shopify|ebay|tiktok}/{alias}/import (spec §2).
export const Route = createFileRoute('/$org/integrations/$platform/$alias/import')({
  beforeLoad: ({ params }) => {
    if (!isPlatform(params.platform)) throw notFound();
  },
  // The account (for its platform_connection_id) and the first page; a failure shows the
  // dedicated error screen below.
  loader: async ({ context, params }) => {
    if (!isPlatform(params.platform)) throw notFound();
    const orgId = context.organization.id;
    const account = await ensureAccount(context.queryClient, orgId, params.platform, params.alias);
    await context.queryClient.ensureQueryData(
      remoteProductsQueryOptions(orgId, { pcId: account.platform_connection_id }),
    );
  },
  head: ({ params }) => ({ meta: [{ title: `Import from ${params.alias} · stocksync` }] }),
  component: ImportPage,
  errorComponent: ImportErrorPage,
});

function ImportPage() {
  const { organization } = Route.useRouteContext();
  const { platform, alias } = Route.useParams();
  if (!isPlatform(platform)) throw notFound();
  return <ImportScreen organization={organization} platform={platform} alias={alias} />;
}

function ImportErrorPage(props: ErrorComponentProps) {
  const { organization } = Route.useRouteContext();
  const { platform, alias } = Route.useParams();
  if (!isPlatform(platform)) throw notFound();
  return (
    <ImportLoadError {...props} organization={organization} platform={platform} alias={alias} />
  );
}

import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/react-router';
import { ensureAccount } from '@/features/integrations/api/get-account';
import { AccountScreen } from '@/features/integrations/components/account-screen';
import { ChannelLoadError } from '@/features/integrations/components/channel-load-error';
import { isPlatform } from '@/lib/channels';

// /{org}/integrations/{shopify|ebay|tiktok}/{alias}/account (spec §2, fields of §3).
export const Route = createFileRoute('/$org/integrations/$platform/$alias/account')({
  beforeLoad: ({ params }) => {
    if (!isPlatform(params.platform)) throw notFound();
  },
  loader: ({ context, params }) => {
    if (!isPlatform(params.platform)) throw notFound();
    return ensureAccount(
      context.queryClient,
      context.organization.id,
      params.platform,
      params.alias,
    );
  },
  head: ({ params }) => ({ meta: [{ title: `${params.alias} · stocksync` }] }),
  component: AccountPage,
  errorComponent: AccountErrorPage,
});

function AccountPage() {
  const { organization } = Route.useRouteContext();
  const { platform, alias } = Route.useParams();
  if (!isPlatform(platform)) throw notFound();
  return <AccountScreen organization={organization} platform={platform} alias={alias} />;
}

function AccountErrorPage(props: ErrorComponentProps) {
  const { org, alias } = Route.useParams();
  return <ChannelLoadError {...props} orgName={org} alias={alias} what="account" />;
}

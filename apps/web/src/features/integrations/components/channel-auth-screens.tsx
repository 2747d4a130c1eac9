import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useRouterState } from '@tanstack/react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { meQueryOptions } from '@/features/auth';
import { channelName } from '@/lib/channels';
import {
  findOrganizationByName,
  getSession,
  selectedOrganization,
  setAccount,
  useSession,
} from '@/lib/session';
import { completeConnectionOnce } from '../api/complete-connection';
import { normalizeShopDomain, useConnectShopify } from '../api/connect-shopify';
import { useSandboxMode } from '../api/sandbox';
import { getConnectUrl } from '../api/get-connect-url';
import type { ConnectResult, Platform } from '../api/types';
import '../history-state';

/** Every query parameter exactly as received (HMACs are computed over the raw strings). */
function useRawQuery(): Record<string, string> {
  const searchStr = useRouterState({ select: (state) => state.location.searchStr });
  return useMemo(() => Object.fromEntries(new URLSearchParams(searchStr)), [searchStr]);
}

function BackToStocksync() {
  return (
    <Link to="/" className={buttonVariants({ variant: 'outline' })}>
      Back to stocksync
    </Link>
  );
}

/**
 * /auth/shopify/: a Shopify install (from Shopify's side, `?shop=…&hmac=…`) asks which
 * organisation gets the store; without a shop it asks for the domain.
 */
export function ShopifyInstallScreen({ shop: shopParam }: { shop?: string }) {
  const session = useSession();
  const named = (session.account?.orgs ?? []).filter((org) => org.name);
  const [orgId, setOrgId] = useState(() => selectedOrganization(session)?.id ?? named[0]?.id ?? '');
  // Sandbox mode: the emulator's demo store is offered (any other name is an empty store).
  const sandboxShop = useSandboxMode().data?.shopify_shop ?? null;
  const [typed, setDomain] = useState<string | null>(null);
  const domain = typed ?? sandboxShop ?? '';
  const [error, setError] = useState<string | undefined>();
  const connect = useConnectShopify();
  const shopFromUrl = shopParam ? normalizeShopDomain(shopParam) : null;
  const org = named.find((candidate) => candidate.id === orgId);
  const leaving = connect.isPending || connect.isSuccess;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const shop = shopFromUrl ?? normalizeShopDomain(domain);
    if (!shop) {
      setError('Enter your shop domain, like my-shop.myshopify.com');
      return;
    }
    setError(undefined);
    connect.mutate({ orgId, shop }, { onError: (connectError) => setError(connectError.message) });
  };

  if (named.length === 0) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1">Connect Shopify</CardTitle>
          <CardDescription>
            Finish setting up your organisation first, then install stocksync from Shopify again.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BackToStocksync />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Connect Shopify</CardTitle>
        <CardDescription>
          {shopFromUrl ? (
            <>
              Connect <strong className="text-foreground">{shopFromUrl}</strong> to{' '}
              <strong className="text-foreground">{org?.name}</strong>?
            </>
          ) : shopParam ? (
            `“${shopParam}” is not a Shopify shop domain. Enter the store's myshopify.com address.`
          ) : (
            'Enter the store to connect. You will approve access on Shopify, then come back here.'
          )}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {shopFromUrl ? null : (
            <FormField
              id="shopify-shop"
              label="Shop domain"
              error={error}
              description={
                sandboxShop
                  ? `Sandbox mode: ${sandboxShop} is the sandbox store, with demo products. Another name connects an empty store.`
                  : undefined
              }
            >
              {(aria) => (
                <Input
                  {...aria}
                  autoFocus
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={sandboxShop ?? 'my-shop.myshopify.com'}
                  value={domain}
                  onChange={(event) => setDomain(event.target.value)}
                />
              )}
            </FormField>
          )}
          {named.length > 1 ? (
            <FormField id="shopify-org" label="Organisation">
              {(aria) => (
                <NativeSelect {...aria} value={orgId} onChange={(e) => setOrgId(e.target.value)}>
                  {named.map((candidate) => (
                    <option key={candidate.id} value={candidate.id}>
                      {candidate.name}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
          ) : null}
          {shopFromUrl && error ? (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={leaving}>
              {leaving ? <Spinner /> : null}
              {shopFromUrl ? 'Connect store' : 'Continue to Shopify'}
            </Button>
            <BackToStocksync />
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/** The organisation name for an id, re-reading the account when it is not stored yet. */
async function organizationName(
  organizationId: string,
  fetchMe: () => Promise<void>,
): Promise<string | null> {
  const find = () =>
    getSession().account?.orgs.find((org) => org.id === organizationId)?.name ?? null;
  const stored = find();
  if (stored) return stored;
  await fetchMe().catch(() => undefined);
  return find();
}

function successMessage(platform: Platform, result: ConnectResult) {
  return `Connected ${channelName(platform)} account ${result.alias}.`;
}

/**
 * /auth/{shopify|ebay|tiktok}/callback: the channel sent the seller back with a code; the server
 * exchanges it and answers which organisation it belongs to, whose dashboard comes next.
 */
export function ChannelCallbackScreen({ platform }: { platform: Platform }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const query = useRawQuery();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);
  const name = channelName(platform);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fetchMe = async () => {
      setAccount(await queryClient.fetchQuery({ ...meQueryOptions(), staleTime: 0 }));
    };
    const failTo = async (message: string) => {
      const org = selectedOrganization();
      if (org?.name) {
        await navigate({
          to: '/$org/dashboard',
          params: { org: org.name },
          state: (prev) => ({ ...prev, connectError: message }),
          replace: true,
        });
      } else {
        setFailure(message);
      }
    };
    // Declined on the channel's consent page: OAuth's error=access_denied, eBay's decline URL.
    const declined = query.error ?? (query.declined === 'true' ? 'access_denied' : undefined);
    if (declined) {
      void failTo(
        declined === 'access_denied'
          ? `${name} access was declined, so nothing was connected.`
          : (query.error_description ?? declined),
      );
      return;
    }
    if (platform !== 'shopify' && !query.code) {
      void failTo(`${name} did not send an authorisation code back.`);
      return;
    }
    completeConnectionOnce(platform, query)
      .then(async (result) => {
        const orgName = await organizationName(result.organization_id, fetchMe);
        if (!orgName || !findOrganizationByName(orgName)) {
          await navigate({ to: '/', replace: true });
          return;
        }
        await navigate({
          to: '/$org/dashboard',
          params: { org: orgName },
          search: { status: 'success', message: successMessage(platform, result) },
          replace: true,
        });
      })
      .catch((error: unknown) =>
        failTo(error instanceof Error ? error.message : 'The connection failed.'),
      );
  }, [navigate, platform, query, queryClient, name]);

  if (failure) {
    return (
      <Card>
        <CardHeader>
          <CardTitle as="h1">{name} was not connected</CardTitle>
          <CardDescription role="alert">{failure}</CardDescription>
        </CardHeader>
        <CardContent>
          <BackToStocksync />
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Finishing {name} connection</CardTitle>
        <CardDescription>Checking the authorisation with {name}…</CardDescription>
      </CardHeader>
      <CardContent>
        <Spinner className="size-6 text-muted-foreground" label={`Connecting ${name}`} />
      </CardContent>
    </Card>
  );
}

/** /auth/tiktok/: fetches TikTok Shop's authorisation address and goes there. */
export function TiktokStartScreen() {
  const orgId = selectedOrganization(useSession())?.id;
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!orgId) return;
    const controller = new AbortController();
    getConnectUrl(orgId, 'tiktok', controller.signal)
      .then(({ url }) => {
        if (!url) throw new Error('The server returned no authorisation address.');
        window.location.assign(url);
      })
      .catch((fetchError: unknown) => {
        if (controller.signal.aborted) return;
        setError(fetchError instanceof Error ? fetchError.message : 'Unknown error');
      });
    return () => controller.abort();
  }, [orgId, attempt]);

  const shownError = orgId ? error : 'Finish setting up your organisation first.';
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h1">Connect TikTok Shop</CardTitle>
        <CardDescription role={shownError ? 'alert' : undefined}>
          {shownError
            ? `TikTok Shop sign-in could not be started: ${shownError}`
            : 'Taking you to TikTok Shop to approve access…'}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-wrap gap-2">
        {shownError ? (
          <>
            {orgId ? (
              <Button
                onClick={() => {
                  setError(null);
                  setAttempt((n) => n + 1);
                }}
              >
                Try again
              </Button>
            ) : null}
            <BackToStocksync />
          </>
        ) : (
          <Spinner className="size-6 text-muted-foreground" label="Starting TikTok Shop sign-in" />
        )}
      </CardContent>
    </Card>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { PackageMinus, PackagePlus } from 'lucide-react';
import { toast } from 'sonner';
import { SANDBOX_SALE_MAX_QUANTITY, SANDBOX_STOCK_MAX } from '@stocksync/contract';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Spinner } from '@/components/ui/spinner';
import { channelName } from '@/lib/channels';
import { useCan } from '@/lib/roles';
import { useSandboxChange, useSandboxListings } from '../api/sandbox';
import type { Platform } from '../api/types';

type SandboxControlsProps = {
  orgId: string;
  orgName: string;
  platform: Platform;
  alias: string;
  pcId: string;
};

/** A whole number within bounds, else null. */
function wholeNumber(text: string, min: number, max: number): number | null {
  const value = Number(text);
  return text.trim() !== '' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : null;
}

/**
 * Issue 20 item 19: a sandbox account can sell or have its stock edited on the emulated channel,
 * so a newcomer sees stocksync follow without any tool. The change is made on the channel, which
 * tells stocksync through its own webhook (eBay stock: the next stock check).
 */
export function SandboxControls({ orgId, orgName, platform, alias, pcId }: SandboxControlsProps) {
  const listings = useSandboxListings(orgId, pcId);
  const change = useSandboxChange(orgId, pcId);
  // Selling or editing stock on the channel is an admin's (the contract's role matrix).
  const can = useCan('postV1ConnectionsByIdSandboxSale');
  const roleNoteId = useId();
  const blocked = change.isPending || !can.allowed;
  const describedBy = can.allowed ? undefined : roleNoteId;
  const [chosen, setChosen] = useState('');
  const [sold, setSold] = useState('1');
  const [available, setAvailable] = useState('');
  const [error, setError] = useState<{ field: 'sold' | 'available'; message: string }>();
  const name = channelName(platform);
  const items = listings.data?.listings ?? [];
  const variantId = chosen || items[0]?.variant_id || '';
  const listing = items.find((item) => item.variant_id === variantId);

  const done = (what: string, arrivesBy: 'webhook' | 'poll') =>
    toast.success(what, {
      description:
        arrivesBy === 'poll'
          ? `${name} sends no notice of stock edits: stocksync finds it at its next stock check (or press "Check stock now").`
          : `${name} tells stocksync in a moment; your inventory and the other channels follow.`,
    });
  const failed = (field: 'sold' | 'available') => (failure: Error) =>
    setError({ field, message: failure.message });

  const onSale = (event: FormEvent) => {
    event.preventDefault();
    const quantity = wholeNumber(sold, 1, SANDBOX_SALE_MAX_QUANTITY);
    if (quantity === null) {
      setError({
        field: 'sold',
        message: `Enter a whole number from 1 to ${SANDBOX_SALE_MAX_QUANTITY}`,
      });
      return;
    }
    setError(undefined);
    change.mutate(
      { kind: 'sale', body: { variant_id: variantId, quantity } },
      {
        onSuccess: (answer) =>
          done(`Sold ${quantity} × ${answer.sku || listing?.title} on ${name}`, answer.arrives_by),
        onError: failed('sold'),
      },
    );
  };

  const onStock = (event: FormEvent) => {
    event.preventDefault();
    const quantity = wholeNumber(available, 0, SANDBOX_STOCK_MAX);
    if (quantity === null) {
      setError({
        field: 'available',
        message: `Enter a whole number from 0 to ${SANDBOX_STOCK_MAX}`,
      });
      return;
    }
    setError(undefined);
    change.mutate(
      { kind: 'stock', body: { variant_id: variantId, available: quantity } },
      {
        onSuccess: (answer) =>
          done(`${answer.sku || listing?.title} set to ${quantity} on ${name}`, answer.arrives_by),
        onError: failed('available'),
      },
    );
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Try it in the sandbox</CardTitle>
        <CardDescription>
          This account lives on a local {name} emulator. Make a sale or change stock there, as a
          buyer or the seller would on {name}, and watch stocksync follow: products with sync on
          take the change into your inventory and pass it on to your other channels.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {listings.isPending ? (
          <Spinner label="Loading products" />
        ) : listings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {listings.error.message}
          </p>
        ) : items.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            Nothing imported from this account yet.{' '}
            <Link
              to="/$org/integrations/$platform/$alias/import"
              params={{ org: orgName, platform, alias }}
              className="underline underline-offset-4"
            >
              Import products
            </Link>{' '}
            first; the sandbox acts on them.
          </p>
        ) : (
          <div className="grid gap-4">
            <FormField id="sandbox-product" label="Product">
              {(aria) => (
                <NativeSelect
                  {...aria}
                  value={variantId}
                  onChange={(event) => setChosen(event.target.value)}
                >
                  {items.map((item) => (
                    <option key={item.variant_id} value={item.variant_id}>
                      {item.title}
                      {item.sku ? ` (${item.sku})` : ''}
                      {item.channel_qty === null ? '' : ` · ${item.channel_qty} on ${name}`}
                      {item.is_synced ? '' : ' · sync off'}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <div className="grid gap-4 sm:grid-cols-2">
              <form onSubmit={onSale} noValidate className="grid content-start gap-2">
                <FormField
                  id="sandbox-sold"
                  label="Units sold"
                  error={error?.field === 'sold' ? error.message : undefined}
                >
                  {(aria) => (
                    <Input
                      {...aria}
                      inputMode="numeric"
                      value={sold}
                      onChange={(event) => setSold(event.target.value)}
                    />
                  )}
                </FormField>
                <Button
                  type="submit"
                  variant="outline"
                  disabled={blocked}
                  aria-describedby={describedBy}
                >
                  {change.isPending ? <Spinner /> : <PackageMinus aria-hidden />}
                  Simulate a sale
                </Button>
              </form>
              <form onSubmit={onStock} noValidate className="grid content-start gap-2">
                <FormField
                  id="sandbox-available"
                  label={`New quantity on ${name}`}
                  error={error?.field === 'available' ? error.message : undefined}
                >
                  {(aria) => (
                    <Input
                      {...aria}
                      inputMode="numeric"
                      value={available}
                      placeholder={listing?.channel_qty?.toString()}
                      onChange={(event) => setAvailable(event.target.value)}
                    />
                  )}
                </FormField>
                <Button
                  type="submit"
                  variant="outline"
                  disabled={blocked}
                  aria-describedby={describedBy}
                >
                  {change.isPending ? <Spinner /> : <PackagePlus aria-hidden />}
                  Change stock on the channel
                </Button>
              </form>
            </div>
            {can.allowed ? null : (
              <p id={roleNoteId} className="text-sm text-muted-foreground">
                {can.reason}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { normalizeShopDomain, useConnectShopify } from '../api/connect-shopify';
import { useSandboxMode } from '../api/sandbox';

type ShopifyConnectDialogProps = {
  orgId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/** Asks for the shop domain, then leaves for the shop's install page. */
export function ShopifyConnectDialog({ orgId, open, onOpenChange }: ShopifyConnectDialogProps) {
  // Sandbox mode: the emulator's demo store is offered (any other name is an empty store).
  const sandboxShop = useSandboxMode().data?.shopify_shop ?? null;
  const [typed, setValue] = useState<string | null>(null);
  const value = typed ?? sandboxShop ?? '';
  const [error, setError] = useState<string | undefined>();
  const connect = useConnectShopify();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const shop = normalizeShopDomain(value);
    if (!shop) {
      setError('Enter your shop domain, like my-shop.myshopify.com');
      return;
    }
    setError(undefined);
    connect.mutate({ orgId, shop }, { onError: (connectError) => setError(connectError.message) });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Connect a Shopify store</DialogTitle>
        <DialogDescription>
          You will be sent to Shopify to approve access, then brought back here.
        </DialogDescription>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            id="shopify-shop"
            label="Shop domain"
            description={
              sandboxShop
                ? `Sandbox mode: ${sandboxShop} is the sandbox store, with demo products. Another name connects an empty store.`
                : "The store's myshopify.com address."
            }
            error={error}
          >
            {(aria) => (
              <Input
                {...aria}
                autoFocus
                autoComplete="off"
                spellCheck={false}
                placeholder={sandboxShop ?? 'my-shop.myshopify.com'}
                value={value}
                onChange={(event) => setValue(event.target.value)}
              />
            )}
          </FormField>
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={connect.isPending || connect.isSuccess}>
              {connect.isPending || connect.isSuccess ? <Spinner /> : null}
              Continue to Shopify
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

import type { ProductListingsResponse } from '@stocksync/contract';
import { Badge } from '@/components/ui/badge';
import { PlatformLogo } from '@/components/ui/platform-logo';
import { Spinner } from '@/components/ui/spinner';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table';
import { channelName } from '@/lib/channels';
import { formatMoney } from '@/lib/money';
import { useProductListings } from '../api/get-listings';
import type { ProductDetail } from '../api/types';
import { exactTime, listingSyncNote, relativeTime } from '../stock';
import { useNow } from '../use-now';
import { ProductSection } from './product-section';

type Listing = ProductListingsResponse['listings'][number];

function Confirmed({ at, now }: { at: string | null; now: number }) {
  if (!at) return <span className="text-muted-foreground">Never confirmed</span>;
  return (
    <time dateTime={at} title={exactTime(at)} className="text-muted-foreground">
      confirmed {relativeTime(at, now)}
    </time>
  );
}

function ListingState({ listing }: { listing: Listing }) {
  const note = listingSyncNote(listing);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {listing.push_pending ? (
        <Badge variant="warning" title="A quantity update to this listing is on its way">
          <Spinner label="Pushing" className="size-3" />
          Pending
        </Badge>
      ) : null}
      {note ? <span className="text-xs text-muted-foreground">{note}</span> : null}
    </div>
  );
}

/**
 * Every listing of the product's variants on connected accounts: what the channel holds, when
 * it last confirmed it, and whether a push is on its way (polled until it settles).
 */
export function VariantListings({ orgId, product }: { orgId: string; product: ProductDetail }) {
  const query = useProductListings(orgId, product.id);
  const now = useNow();

  return (
    <ProductSection
      title="Linked accounts"
      what="listings"
      query={query}
      note={
        product.is_synced ? null : (
          <p className="text-sm text-muted-foreground">
            Sync is off for this product: quantities are not pushed to its listings.
          </p>
        )
      }
    >
      {() => {
        const listings = query.data?.listings ?? [];
        if (listings.length === 0) {
          return (
            <p className="py-3 text-sm text-muted-foreground">
              Not listed on any connected account yet.
            </p>
          );
        }
        const byVariant = new Map<string, Listing[]>();
        for (const listing of listings) {
          byVariant.set(listing.variant_id, [
            ...(byVariant.get(listing.variant_id) ?? []),
            listing,
          ]);
        }
        return (
          <Table aria-label="Channel listings">
            <TableHeader>
              <TableRow className="hover:bg-transparent">
                <TableHead>Variant</TableHead>
                <TableHead>Account</TableHead>
                <TableHead className="text-right">Channel qty</TableHead>
                <TableHead className="text-right">Channel price</TableHead>
                <TableHead>Last confirmed</TableHead>
                <TableHead>State</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {product.variants.flatMap((variant) =>
                (byVariant.get(variant.id) ?? []).map((listing, index) => (
                  <TableRow key={listing.id}>
                    <TableCell className="font-medium">
                      {index === 0 ? (
                        variant.title
                      ) : (
                        <span className="sr-only">{variant.title}</span>
                      )}
                    </TableCell>
                    <TableCell>
                      <span className="flex items-center gap-2">
                        <PlatformLogo
                          platform={listing.platform}
                          className={listing.platform === 'ebay' ? 'h-4 w-9' : 'size-4'}
                        />
                        <span title={channelName(listing.platform)}>{listing.alias}</span>
                      </span>
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {listing.channel_qty ?? (
                        <span
                          className="text-muted-foreground"
                          title="Not read from the channel yet"
                        >
                          —
                        </span>
                      )}
                    </TableCell>
                    <TableCell className="text-right tabular-nums">
                      {listing.price !== null && listing.currency ? (
                        formatMoney(listing.price, listing.currency)
                      ) : (
                        <span className="text-muted-foreground" title="Not known yet">
                          —
                        </span>
                      )}
                    </TableCell>
                    <TableCell>
                      <Confirmed at={listing.confirmed_at} now={now} />
                    </TableCell>
                    <TableCell>
                      <ListingState listing={listing} />
                    </TableCell>
                  </TableRow>
                )),
              )}
            </TableBody>
          </Table>
        );
      }}
    </ProductSection>
  );
}

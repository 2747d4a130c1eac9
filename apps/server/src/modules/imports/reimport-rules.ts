import type { ChannelVariant } from '@stocksync/channels';
import type { ImportFieldChange } from '@stocksync/contract';
import type { HeldVariant } from '../catalog/imported-products';
import { clip, money, quantity } from './channel-values';

/** What a re-import may take from a listed variant, by the rules of ADR 0053. */
export interface VariantDecision {
  /** New title and price when the product came from this connection and they differ. */
  fields: { title: string; price: string } | null;
  /** New quantity: from the product's source connection, sync off, and different. */
  qty: number | null;
  /** Every difference between the channel and us, applied or kept (the dry run's report). */
  changes: ImportFieldChange[];
}

/**
 * Re-import rules: the connection a product first came from stays the source of its title, its
 * variants' names and prices; another connection's listing never renames it. A quantity follows
 * the channel only from that source and only while sync is off (the master is the truth of a
 * synced product); applied, it becomes a stock history entry of the import. Anything kept is
 * reported, never silently dropped.
 */
export function decideVariant(
  held: HeldVariant,
  remote: ChannelVariant,
  connectionId: string,
): VariantDecision {
  const fromSource = held.sourceConnectionId === connectionId;
  const title = clip(remote.title || 'Default');
  const price = money(remote.price);
  const qty = quantity(remote.quantity);
  const changes: ImportFieldChange[] = [];
  const note = (field: ImportFieldChange['field'], before: string, after: string, kept: boolean) =>
    changes.push({
      target: 'variant',
      sku: held.sku,
      field,
      before,
      after,
      kept: kept ? (fromSource ? 'synced' : 'other_source') : null,
    });
  if (title !== held.title) note('title', held.title, title, !fromSource);
  if (price !== held.price) note('price', held.price, price, !fromSource);
  const takeQty = fromSource && !held.isSynced;
  if (qty !== held.qty) note('quantity', String(held.qty), String(qty), !takeQty);
  const fieldsDiffer = title !== held.title || price !== held.price;
  return {
    fields: fromSource && fieldsDiffer ? { title, price } : null,
    qty: takeQty && qty !== held.qty ? qty : null,
    changes,
  };
}

/** The product's title from a re-import: only from its source connection. */
export function decideTitle(
  held: HeldVariant,
  remoteTitle: string,
  connectionId: string,
): { title: string | null; change: ImportFieldChange | null } {
  const title = clip(remoteTitle || 'Untitled');
  if (title === held.productTitle) return { title: null, change: null };
  const fromSource = held.sourceConnectionId === connectionId;
  return {
    title: fromSource ? title : null,
    change: {
      target: 'product',
      sku: '',
      field: 'title',
      before: held.productTitle,
      after: title,
      kept: fromSource ? null : 'other_source',
    },
  };
}

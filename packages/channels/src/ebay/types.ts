/**
 * Wire types from the declarations `ebay-api` generates from eBay's OpenAPI contracts. eBay's OAS
 * types `aspects` as a string (a JSON object on the wire), so the places carrying it are re-typed.
 */
import type { components as InventoryComponents } from 'ebay-api/types/restful/specs/sell_inventory_v1_oas3.js';
import type { components as FulfillmentComponents } from 'ebay-api/types/restful/specs/sell_fulfillment_v1_oas3.js';
import type { components as IdentityComponents } from 'ebay-api/types/restful/specs/commerce_identity_v1_oas3.js';
import type { components as NotificationComponents } from 'ebay-api/types/restful/specs/commerce_notification_v1_oas3.js';

type Inv = InventoryComponents['schemas'];
type Ful = FulfillmentComponents['schemas'];

export type Aspects = Record<string, string[]>;
export type EbayErrorDetail = Inv['Error'];
export type Product = Omit<Inv['Product'], 'aspects'> & { aspects?: Aspects };
export type InventoryItem = Omit<Inv['InventoryItemWithSkuLocaleGroupid'], 'product'> & {
  product?: Product;
};
export type InventoryItems = Omit<Inv['InventoryItems'], 'inventoryItems'> & {
  inventoryItems?: InventoryItem[];
};
export type BulkGetInventoryItem = Inv['BulkGetInventoryItem'];
export type BulkGetInventoryItemResponse = {
  responses?: Array<
    Omit<Inv['GetInventoryItemResponse'], 'inventoryItem'> & { inventoryItem?: InventoryItem }
  >;
};
export type InventoryItemGroup = Omit<Inv['InventoryItemGroup'], 'aspects'> & { aspects?: Aspects };
export type Offers = Inv['Offers'];
export type Offer = Inv['EbayOfferDetailsWithAll'];
export type BulkPriceQuantity = Inv['BulkPriceQuantity'];
export type BulkPriceQuantityResponse = Inv['BulkPriceQuantityResponse'];
export type OrderSearchPagedCollection = Ful['OrderSearchPagedCollection'];
export type Order = Ful['Order'];
export type UserResponse = IdentityComponents['schemas']['UserResponse'];
type Note = NotificationComponents['schemas'];
export type DestinationRequest = Note['DestinationRequest'];
export type DestinationSearchResponse = Note['DestinationSearchResponse'];
export type CreateSubscriptionRequest = Note['CreateSubscriptionRequest'];
export type SubscriptionSearchResponse = Note['SubscriptionSearchResponse'];

export interface TokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
  token_type: string;
}

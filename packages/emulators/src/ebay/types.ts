/**
 * Wire types, taken from the TypeScript declarations the `ebay-api` package generates from eBay's
 * OpenAPI contracts. eBay's OpenAPI documents type `aspects` as a string (it is a JSON object on the
 * wire), so the two places that carry aspects are re-typed here.
 */
import type { components as InventoryComponents } from 'ebay-api/types/restful/specs/sell_inventory_v1_oas3.js';
import type { components as FulfillmentComponents } from 'ebay-api/types/restful/specs/sell_fulfillment_v1_oas3.js';
import type { components as IdentityComponents } from 'ebay-api/types/restful/specs/commerce_identity_v1_oas3.js';
import type { components as NotificationComponents } from 'ebay-api/types/restful/specs/commerce_notification_v1_oas3.js';

type Inv = InventoryComponents['schemas'];
type Ful = FulfillmentComponents['schemas'];

export type Aspects = Record<string, string[]>;

export type EbayError = Inv['Error'];
export type Product = Omit<Inv['Product'], 'aspects'> & { aspects?: Aspects };
export type InventoryItem = Omit<Inv['InventoryItem'], 'product'> & { product?: Product };
/** What getInventoryItem / getInventoryItems answer for one item. */
export type InventoryItemWithSkuLocaleGroupid = Omit<
  Inv['InventoryItemWithSkuLocaleGroupid'],
  'product'
> & { product?: Product };
export type InventoryItemWithSkuLocale = Omit<Inv['InventoryItemWithSkuLocale'], 'product'> & {
  product?: Product;
};
export type InventoryItems = Omit<Inv['InventoryItems'], 'inventoryItems'> & {
  inventoryItems?: InventoryItemWithSkuLocaleGroupid[];
};
export type GetInventoryItemResponse = Omit<Inv['GetInventoryItemResponse'], 'inventoryItem'> & {
  inventoryItem?: InventoryItemWithSkuLocaleGroupid;
};
export type BulkGetInventoryItemResponse = { responses: GetInventoryItemResponse[] };
export type BulkGetInventoryItem = Inv['BulkGetInventoryItem'];
export type BulkInventoryItemResponse = Inv['BulkInventoryItemResponse'];
export type InventoryItemResponse = Inv['InventoryItemResponse'];
export type BulkPriceQuantity = Inv['BulkPriceQuantity'];
export type BulkPriceQuantityResponse = Inv['BulkPriceQuantityResponse'];
export type PriceQuantityResponse = Inv['PriceQuantityResponse'];
export type Offer = Inv['EbayOfferDetailsWithAll'];
export type OfferCreate = Inv['EbayOfferDetailsWithKeys'];
export type OfferUpdate = Inv['EbayOfferDetailsWithId'];
export type Offers = Inv['Offers'];
export type OfferResponse = Inv['OfferResponse'];
export type PublishResponse = Inv['PublishResponse'];
export type PublishByInventoryItemGroupRequest = Inv['PublishByInventoryItemGroupRequest'];
export type WithdrawResponse = Inv['WithdrawResponse'];
export type InventoryItemGroup = Omit<Inv['InventoryItemGroup'], 'aspects'> & { aspects?: Aspects };

/** `legacyOrderId` is still on the wire (docs/channels §2.6) though the OpenAPI contract dropped it. */
export type Order = Ful['Order'] & { legacyOrderId?: string };
export type LineItem = Ful['LineItem'];
export type OrderSearchPagedCollection = Omit<Ful['OrderSearchPagedCollection'], 'orders'> & {
  orders?: Order[];
};

export type UserResponse = IdentityComponents['schemas']['UserResponse'];

type Note = NotificationComponents['schemas'];
export type NotificationConfig = Note['Config'];
export type Destination = Note['Destination'];
export type DestinationRequest = Note['DestinationRequest'];
export type DestinationSearchResponse = Note['DestinationSearchResponse'];
export type Subscription = Note['Subscription'];
export type CreateSubscriptionRequest = Note['CreateSubscriptionRequest'];
export type SubscriptionSearchResponse = Note['SubscriptionSearchResponse'];

/** OAuth token endpoint answers (not covered by the OpenAPI contracts). */
export interface UserTokenResponse {
  access_token: string;
  expires_in: number;
  refresh_token: string;
  refresh_token_expires_in: number;
  token_type: 'User Access Token';
}
export interface RefreshedTokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'User Access Token';
}
export interface ApplicationTokenResponse {
  access_token: string;
  expires_in: number;
  token_type: 'Application Access Token';
}
export interface OAuthErrorResponse {
  error: string;
  error_description: string;
}

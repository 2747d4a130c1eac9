// A Shopify install started from Shopify's side reaches /auth/shopify/?shop=… possibly while
// signed out; the shop waits here through sign-in and the dashboard picks it up.
const KEY = 'pending_shopify_install';

export function rememberPendingShopifyInstall(shop: string) {
  try {
    sessionStorage.setItem(KEY, shop);
  } catch {
    // Storage unavailable: the seller starts the install again from Shopify.
  }
}

export function takePendingShopifyInstall(): string | null {
  try {
    const shop = sessionStorage.getItem(KEY);
    if (shop) sessionStorage.removeItem(KEY);
    return shop;
  } catch {
    return null;
  }
}

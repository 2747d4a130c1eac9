import { useMatch } from '@tanstack/react-router';
import { useSubscriptionBanner } from '../api/get-subscription';
import { bannerFor } from '../billing-format';
import { BillingBannerView } from './billing-banner';

/** The org layout's notice of a failed payment or a gated organisation (not on billing itself). */
export function SubscriptionBanner({ orgId, orgName }: { orgId: string; orgName: string }) {
  const onBilling = useMatch({ from: '/$org/settings/billing', shouldThrow: false });
  const { data } = useSubscriptionBanner(orgId, !onBilling);
  const banner = data ? bannerFor(data, data.is_gated) : null;
  if (!banner || onBilling) return null;
  return <BillingBannerView banner={banner} orgName={orgName} linkToBilling className="mb-6" />;
}

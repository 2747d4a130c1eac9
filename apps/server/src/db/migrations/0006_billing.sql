-- Plans, one subscription per organisation, and the 14-day trial every organisation starts with
-- (docs/decisions/0030-billing-and-gating.md).

CREATE TABLE plans (
  code text PRIMARY KEY CHECK (code IN ('starter', 'growth', 'pro')),
  name text NOT NULL,
  position smallint NOT NULL,
  -- null = unlimited.
  max_connected_accounts integer CHECK (max_connected_accounts >= 0),
  max_synced_products integer CHECK (max_synced_products >= 0),
  stripe_product_id text NOT NULL UNIQUE
);

CREATE TABLE plan_prices (
  plan_code text NOT NULL REFERENCES plans (code) ON DELETE CASCADE,
  currency text NOT NULL CHECK (currency IN ('USD', 'GBP', 'EUR')),
  -- Monthly, exact decimal in the currency.
  amount numeric(10, 2) NOT NULL CHECK (amount >= 0),
  stripe_price_id text NOT NULL UNIQUE,
  PRIMARY KEY (plan_code, currency)
);

-- The Stripe catalogue (the emulator seeds the same products and prices).
INSERT INTO plans (code, name, position, max_connected_accounts, max_synced_products, stripe_product_id)
VALUES ('starter', 'Starter', 1, 2, 500, 'prod_starter'),
       ('growth', 'Growth', 2, 5, 5000, 'prod_growth'),
       ('pro', 'Pro', 3, NULL, NULL, 'prod_pro');

INSERT INTO plan_prices (plan_code, currency, amount, stripe_price_id)
VALUES ('starter', 'USD', 19.00, 'price_starter_monthly_usd'),
       ('starter', 'GBP', 15.00, 'price_starter_monthly_gbp'),
       ('starter', 'EUR', 17.00, 'price_starter_monthly_eur'),
       ('growth', 'USD', 49.00, 'price_growth_monthly_usd'),
       ('growth', 'GBP', 39.00, 'price_growth_monthly_gbp'),
       ('growth', 'EUR', 45.00, 'price_growth_monthly_eur'),
       ('pro', 'USD', 99.00, 'price_pro_monthly_usd'),
       ('pro', 'GBP', 79.00, 'price_pro_monthly_gbp'),
       ('pro', 'EUR', 89.00, 'price_pro_monthly_eur');

-- The organisation's current subscription. provider null = our own free trial.
CREATE TABLE subscriptions (
  organization_id uuid PRIMARY KEY REFERENCES organizations (id) ON DELETE CASCADE,
  provider text CHECK (provider IN ('STRIPE', 'SHOPIFY')),
  status text NOT NULL
    CHECK (status IN ('trialing', 'active', 'past_due', 'canceled', 'unpaid', 'incomplete')),
  plan_code text REFERENCES plans (code),
  trial_end timestamptz,
  current_period_end timestamptz,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  -- Created once per organisation, at its first checkout.
  stripe_customer_id text UNIQUE,
  stripe_subscription_id text,
  -- Shopify: the active AppSubscription and the connection (pc_id) it was bought through.
  shopify_charge_id text,
  connection_id uuid REFERENCES platform_connections (id) ON DELETE SET NULL,
  -- A Shopify charge waiting for the merchant's approval, with the plan it buys and the reference
  -- in its return URL.
  shopify_pending_charge_id text,
  shopify_pending_plan text REFERENCES plans (code),
  shopify_pending_connection_id uuid REFERENCES platform_connections (id) ON DELETE SET NULL,
  shopify_pending_ref text,
  -- Time of the provider event the state comes from: older events are not applied.
  provider_updated_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX subscriptions_stripe_subscription_idx ON subscriptions (stripe_subscription_id)
  WHERE stripe_subscription_id IS NOT NULL;
CREATE INDEX subscriptions_connection_idx ON subscriptions (connection_id)
  WHERE connection_id IS NOT NULL;

-- Every new organisation starts a 14-day trial from its creation time (the app's clock).
CREATE FUNCTION start_organization_trial() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO subscriptions (organization_id, status, trial_end, created_at, updated_at)
  VALUES (NEW.id, 'trialing', NEW.created_at + interval '14 days', NEW.created_at, NEW.created_at)
  ON CONFLICT (organization_id) DO NOTHING;
  RETURN NEW;
END;
$$;
CREATE TRIGGER organizations_start_trial
  AFTER INSERT ON organizations
  FOR EACH ROW EXECUTE FUNCTION start_organization_trial();

-- Organisations that existed before billing get their 14 days from now, not from their creation.
INSERT INTO subscriptions (organization_id, status, trial_end)
SELECT id, 'trialing', now() + interval '14 days' FROM organizations
ON CONFLICT (organization_id) DO NOTHING;

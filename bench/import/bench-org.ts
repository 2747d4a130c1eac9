import type pg from 'pg';

/**
 * A fresh user, organisation (its owner) and Shopify sandbox connection to `shop`, written
 * directly: the import benchmarks measure imports, not sign-up and OAuth.
 */
export async function benchOrg(
  pool: pg.Pool,
  input: { label: string; shop: string; accessTokenEnc: string },
): Promise<{ userId: string; orgId: string; pcId: string }> {
  const q = async <T>(text: string, values: unknown[]) =>
    (await pool.query(text, values)).rows[0] as T;
  const user = await q<{ id: string }>(
    `INSERT INTO users (email, verified_at) VALUES ($1, now()) RETURNING id`,
    [`bench-${input.label}-${Date.now()}@example.com`],
  );
  const org = await q<{ id: string }>(
    `INSERT INTO organizations (name, currency) VALUES ($1, 'USD') RETURNING id`,
    [`Bench ${input.label}`],
  );
  await q(`INSERT INTO memberships (user_id, organization_id, role) VALUES ($1, $2, 'owner')`, [
    user.id,
    org.id,
  ]);
  const pc = await q<{ id: string }>(
    `INSERT INTO platform_connections (organization_id, platform, alias, external_account_id,
       shop_domain, access_token_enc, sandbox) VALUES ($1, 'shopify', 'bench', $2, $2, $3, true)
     RETURNING id`,
    [org.id, input.shop, input.accessTokenEnc],
  );
  return { userId: user.id, orgId: org.id, pcId: pc.id };
}

/** Minimal HTML pages a merchant (or Playwright) clicks through: OAuth grant and charge approval. */

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font-family:system-ui,sans-serif;background:#f1f1f1;margin:0;padding:40px}
main{max-width:520px;margin:auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 1px 3px #0002}
h1{font-size:20px;margin-top:0}ul{padding-left:20px}.actions{display:flex;gap:12px;margin-top:24px}
button{font-size:15px;padding:10px 18px;border-radius:8px;border:1px solid #ccc;background:#fff;cursor:pointer}
button.primary{background:#008060;color:#fff;border-color:#008060}.note{color:#666;font-size:13px}
</style></head><body><main>${body}</main></body></html>`;
}

function hidden(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([name, value]) => `<input type="hidden" name="${escape(name)}" value="${escape(value)}">`)
    .join('');
}

export function authorizePage(input: {
  action: string;
  shop: string;
  appTitle: string;
  scopes: string[];
  fields: Record<string, string>;
}): string {
  const scopes = input.scopes.map((s) => `<li>${escape(s)}</li>`).join('');
  return layout(
    `Install ${input.appTitle}`,
    `<h1>Install ${escape(input.appTitle)} on ${escape(input.shop)}?</h1>
<p>This app is requesting access to:</p><ul id="scopes">${scopes}</ul>
<form method="post" action="${escape(input.action)}">${hidden(input.fields)}
<div class="actions"><button id="approve" class="primary" type="submit" name="decision" value="approve">Install app</button>
<button id="decline" type="submit" name="decision" value="decline">Cancel</button></div></form>
<p class="note">Shopify emulator (stocksync) — no real store is involved.</p>`,
  );
}

export function chargePage(input: {
  action: string;
  shop: string;
  appTitle: string;
  name: string;
  price: string;
  test: boolean;
  trialDays: number;
  status: string;
}): string {
  const pending = input.status === 'PENDING';
  return layout(
    `Approve subscription`,
    `<h1>${escape(input.appTitle)}: ${escape(input.name)}</h1>
<p id="price">${escape(input.price)}</p>
${input.trialDays ? `<p>${input.trialDays}-day free trial</p>` : ''}
${input.test ? '<p class="note">Test charge: the store will not be billed.</p>' : ''}
<p>Store: ${escape(input.shop)} — status: <strong id="status">${escape(input.status)}</strong></p>
${
  pending
    ? `<form method="post" action="${escape(input.action)}"><div class="actions">
<button id="approve" class="primary" type="submit" name="decision" value="approve">Approve</button>
<button id="decline" type="submit" name="decision" value="decline">Decline</button></div></form>`
    : '<p>This charge is no longer pending.</p>'
}`,
  );
}

export function errorPage(message: string): string {
  return layout('Error', `<h1>Oauth error</h1><p id="error">${escape(message)}</p>`);
}

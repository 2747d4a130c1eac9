import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StripeApiError } from './errors';
import { parseForm } from './form';
import { formatMoney, type WPrice, type WSubscription } from './model';
import { TEST_CARDS, type StripeStore } from './store';

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const date = (ts: number) =>
  new Date(ts * 1000).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });

const STYLE = `
body{font-family:system-ui,-apple-system,Segoe UI,sans-serif;margin:0;background:#f6f9fc;color:#1a1f36}
main{max-width:920px;margin:40px auto;display:flex;gap:40px;padding:0 20px;flex-wrap:wrap}
section,aside{flex:1;min-width:300px;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 3px rgba(0,0,0,.1)}
h1{font-size:20px;margin:0 0 8px}h2{font-size:16px}.amount{font-size:32px;font-weight:600}
.muted{color:#697386;font-size:14px}label{display:block;font-size:13px;margin:12px 0 4px;color:#3c4257}
input,select{width:100%;box-sizing:border-box;padding:10px;border:1px solid #e3e8ee;border-radius:6px;font-size:15px}
button{margin-top:16px;width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font-size:15px;cursor:pointer}
button.secondary{background:#fff;color:#635bff;border:1px solid #635bff}button.danger{background:#df1b41}
.error{background:#fde8ec;color:#a41c4e;padding:10px;border-radius:6px;margin-bottom:12px}
.notice{background:#e6f6ee;color:#0e6245;padding:10px;border-radius:6px;margin-bottom:12px}
.banner{background:#fff4d6;color:#704d00;text-align:center;padding:6px;font-size:13px}
table{width:100%;border-collapse:collapse;font-size:14px}td{padding:6px 0}td:last-child{text-align:right}
.sub{border-top:1px solid #e3e8ee;padding-top:16px;margin-top:16px}`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head>
<body><div class="banner">Test mode — local Stripe emulator. No real payment is made.</div>
${body}</body></html>`;
}

const priceLabel = (price: WPrice) =>
  `${formatMoney(price.unit_amount ?? 0, price.currency)} / ${
    (price.recurring?.interval_count ?? 1) > 1 ? `${price.recurring?.interval_count} ` : ''
  }${price.recurring?.interval ?? 'once'}`;

function formFields(request: FastifyRequest): Record<string, string> {
  const raw = typeof request.rawBody === 'string' ? parseForm(request.rawBody) : {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw)) if (typeof v === 'string') out[k] = v;
  return out;
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).header('content-type', 'text/html; charset=utf-8').send(html);
}

/** The hosted Checkout page (/c/pay/:id), the portal (/p/session/:id) and invoice pages (/i/:id). */
export function registerPages(app: FastifyInstance, store: StripeStore): void {
  const checkoutPage = (id: string, error?: string): { status: number; html: string } => {
    const session = store.sessions.get(id);
    if (!session) {
      return {
        status: 404,
        html: page(
          'Checkout',
          '<main><section><h1>Something went wrong</h1><p>This Checkout Session does not exist.</p></section></main>',
        ),
      };
    }
    if (session.status !== 'open') {
      const text =
        session.status === 'complete'
          ? 'This Checkout Session is already complete.'
          : 'This Checkout Session has expired.';
      return {
        status: 200,
        html: page(
          'Checkout',
          `<main><section data-testid="session-inactive"><h1>${text}</h1></section></main>`,
        ),
      };
    }
    const { lines, trialDays } = store.sessionSummary(id);
    const firstLine = lines[0];
    const recurringTotal = lines.reduce((s, l) => s + (l.price.unit_amount ?? 0) * l.quantity, 0);
    const currency = session.currency ?? 'usd';
    const headline = trialDays
      ? `${trialDays} days free`
      : `${formatMoney(recurringTotal, currency)}`;
    const then = trialDays
      ? `Then ${formatMoney(recurringTotal, currency)} per ${firstLine?.price.recurring?.interval ?? 'month'}`
      : `per ${firstLine?.price.recurring?.interval ?? 'month'}`;
    const rows = lines
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.name)}${l.quantity > 1 ? ` × ${l.quantity}` : ''}</td><td>${escapeHtml(priceLabel(l.price))}</td></tr>`,
      )
      .join('');
    const email =
      session.customer_email ??
      (session.customer ? (store.customers.get(session.customer as string)?.email ?? '') : '');
    const emailField =
      session.customer_email || session.customer
        ? `<label>Email</label><input name="email" value="${escapeHtml(email ?? '')}" readonly>`
        : `<label for="email">Email</label><input id="email" name="email" type="email" required data-testid="email-input" value="">`;
    const cancel = session.cancel_url
      ? `<p><a href="${escapeHtml(session.cancel_url)}" data-testid="cancel-link">← Back</a></p>`
      : '';
    const html = page(
      'Checkout',
      `<main>
<aside><p class="muted">Subscribe to ${escapeHtml(firstLine?.name ?? 'a plan')}</p>
<div class="amount" data-testid="checkout-amount">${escapeHtml(headline)}</div><p class="muted">${escapeHtml(then)}</p>
<table>${rows}</table>${cancel}</aside>
<section><h1>Pay with card</h1>
${error ? `<div class="error" role="alert" data-testid="checkout-error">${escapeHtml(error)}</div>` : ''}
<form method="post" action="/c/pay/${escapeHtml(id)}" data-testid="checkout-form">
${emailField}
<label for="card">Card number</label><input id="card" name="card_number" value="4242 4242 4242 4242" inputmode="numeric" data-testid="card-input">
<label for="exp">Expiry</label><input id="exp" name="card_expiry" value="12 / 34">
<label for="cvc">CVC</label><input id="cvc" name="card_cvc" value="123">
<label for="name">Cardholder name</label><input id="name" name="name" value="">
<button type="submit" name="outcome" value="pay" data-testid="pay-button">${trialDays ? 'Start trial' : 'Subscribe'}</button>
<button type="submit" name="outcome" value="decline" class="secondary" data-testid="decline-button">Pay with a declining test card (${TEST_CARDS.genericDecline})</button>
</form>
<p class="muted">Test cards: ${TEST_CARDS.success} succeeds, ${TEST_CARDS.genericDecline} is declined, ${TEST_CARDS.insufficientFunds} has insufficient funds, ${TEST_CARDS.failsLater} succeeds now and fails every later charge.</p>
</section></main>`,
    );
    return { status: error ? 402 : 200, html };
  };

  app.get('/c/pay/:id', async (request, reply) => {
    store.tick();
    const { status, html } = checkoutPage((request.params as { id: string }).id);
    return sendHtml(reply, status, html);
  });

  app.post('/c/pay/:id', async (request, reply) => {
    const id = (request.params as { id: string }).id;
    const fields = formFields(request);
    const card = fields.outcome === 'decline' ? TEST_CARDS.genericDecline : fields.card_number;
    try {
      const session = store.completeCheckoutSession(id, {
        card,
        email: fields.email,
        name: fields.name,
      });
      const target = (session.success_url ?? '').replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);
      return reply.code(303).header('location', target).send();
    } catch (error) {
      if (!(error instanceof StripeApiError)) throw error;
      const message =
        error.body.param === 'email' ? 'Please enter your email address.' : error.body.message;
      const { html } = checkoutPage(id, message);
      return sendHtml(reply, error.status === 402 ? 402 : 400, html);
    }
  });

  const portalPage = (
    id: string,
    notice?: string,
    error?: string,
  ): { status: number; html: string } => {
    const session = store.openPortalSession(id);
    if (!session) {
      return {
        status: 404,
        html: page(
          'Billing portal',
          '<main><section data-testid="portal-expired"><h1>This link has expired</h1><p>Return to the app and open billing again.</p></section></main>',
        ),
      };
    }
    const customer = store.customers.get(session.customer);
    const subs = [...store.subscriptions.values()].filter(
      (s) =>
        s.customer === session.customer &&
        s.status !== 'canceled' &&
        s.status !== 'incomplete_expired',
    );
    const modes = store.settings.portalCancelModes;
    const subHtml = subs
      .map((sub) => {
        const item = sub.items.data[0];
        const price = item?.price;
        const product = price ? store.products.get(price.product as string) : undefined;
        const end = item?.current_period_end ?? 0;
        const state = sub.cancel_at_period_end
          ? `Cancels on ${date(sub.cancel_at ?? end)}`
          : sub.status === 'trialing'
            ? `Trial ends on ${date(sub.trial_end ?? end)}`
            : sub.status === 'past_due' || sub.status === 'unpaid'
              ? `Payment failed — status ${sub.status}`
              : `Renews on ${date(end)}`;
        const options = store
          .portalPrices(sub)
          .map((p) => {
            const name = store.products.get(p.product as string)?.name ?? p.id;
            return `<option value="${escapeHtml(p.id)}"${p.id === price?.id ? ' selected' : ''}>${escapeHtml(`${name} — ${priceLabel(p)}`)}</option>`;
          })
          .join('');
        const hidden = `<input type="hidden" name="subscription" value="${escapeHtml(sub.id)}">`;
        const cancelForms = [
          !sub.cancel_at_period_end && modes.includes('at_period_end')
            ? `<form method="post">${hidden}<input type="hidden" name="action" value="cancel_at_period_end"><button class="secondary" data-testid="cancel-at-period-end-button">Cancel plan at period end</button></form>`
            : '',
          sub.cancel_at_period_end
            ? `<form method="post">${hidden}<input type="hidden" name="action" value="renew"><button data-testid="renew-button">Renew plan</button></form>`
            : '',
          modes.includes('immediately')
            ? `<form method="post">${hidden}<input type="hidden" name="action" value="cancel_now"><button class="danger" data-testid="cancel-now-button">Cancel plan now</button></form>`
            : '',
        ].join('');
        return `<div class="sub" data-testid="portal-subscription" data-subscription-id="${escapeHtml(sub.id)}">
<h2>${escapeHtml(product?.name ?? 'Subscription')}</h2>
<p><strong data-testid="portal-price">${price ? escapeHtml(priceLabel(price)) : ''}</strong></p>
<p class="muted" data-testid="portal-status">${escapeHtml(state)}</p>
<form method="post">${hidden}<input type="hidden" name="action" value="switch_plan">
<label for="price-${escapeHtml(sub.id)}">Change plan</label><select id="price-${escapeHtml(sub.id)}" name="price" data-testid="plan-select">${options}</select>
<button data-testid="switch-plan-button">Update plan</button></form>
${cancelForms}</div>`;
      })
      .join('');
    const back = session.return_url
      ? `<p><a href="${escapeHtml(session.return_url)}" data-testid="return-link">← Return to Stocksync</a></p>`
      : '';
    return {
      status: error ? 400 : 200,
      html: page(
        'Billing portal',
        `<main><section><h1>Billing</h1><p class="muted">${escapeHtml(customer?.email ?? '')}</p>${back}
${notice ? `<div class="notice" role="status" data-testid="portal-notice">${escapeHtml(notice)}</div>` : ''}
${error ? `<div class="error" role="alert" data-testid="portal-error">${escapeHtml(error)}</div>` : ''}
${subHtml || '<p data-testid="portal-no-subscription">No active subscription.</p>'}</section></main>`,
      ),
    };
  };

  const NOTICES: Record<string, string> = {
    switch_plan: 'Your plan has been updated.',
    cancel_at_period_end: 'Your plan will be canceled at the end of the billing period.',
    renew: 'Your plan has been renewed.',
    cancel_now: 'Your plan has been canceled.',
  };

  app.get('/p/session/:id', async (request, reply) => {
    store.tick();
    const query = request.query as { done?: string };
    const { status, html } = portalPage(
      (request.params as { id: string }).id,
      query.done ? NOTICES[query.done] : undefined,
    );
    return sendHtml(reply, status, html);
  });

  app.post('/p/session/:id', async (request, reply) => {
    store.tick();
    const id = (request.params as { id: string }).id;
    const session = store.openPortalSession(id);
    if (!session) return sendHtml(reply, 404, portalPage(id).html);
    const fields = formFields(request);
    const sub: WSubscription | undefined = fields.subscription
      ? store.subscriptions.get(fields.subscription)
      : undefined;
    if (!sub || sub.customer !== session.customer) {
      return sendHtml(reply, 400, portalPage(id, undefined, 'Unknown subscription.').html);
    }
    const modes = store.settings.portalCancelModes;
    try {
      switch (fields.action) {
        case 'switch_plan': {
          const allowed = store.portalPrices(sub).some((p) => p.id === fields.price);
          if (!allowed || !fields.price) throw new Error('That plan is not available.');
          store.switchPlan(sub.id, fields.price);
          break;
        }
        case 'cancel_at_period_end':
          if (!modes.includes('at_period_end')) throw new Error('Not allowed.');
          store.setCancelAtPeriodEndFromPortal(sub.id, true);
          break;
        case 'renew':
          store.setCancelAtPeriodEndFromPortal(sub.id, false);
          break;
        case 'cancel_now':
          if (!modes.includes('immediately')) throw new Error('Not allowed.');
          store.cancelSubscription(sub.id);
          break;
        default:
          throw new Error('Unknown action.');
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      return sendHtml(reply, 400, portalPage(id, undefined, message).html);
    }
    return reply
      .code(303)
      .header('location', `/p/session/${id}?done=${encodeURIComponent(fields.action ?? '')}`)
      .send();
  });

  app.get('/i/:id', async (request, reply) => {
    const invoice = store.invoices.get((request.params as { id: string }).id);
    if (!invoice)
      return sendHtml(
        reply,
        404,
        page('Invoice', '<main><section><h1>Invoice not found</h1></section></main>'),
      );
    const rows = invoice.lines.data
      .map(
        (l) =>
          `<tr><td>${escapeHtml(l.description ?? '')}</td><td>${formatMoney(l.amount, invoice.currency)}</td></tr>`,
      )
      .join('');
    return sendHtml(
      reply,
      200,
      page(
        `Invoice ${invoice.number ?? invoice.id}`,
        `<main><section><h1>Invoice ${escapeHtml(invoice.number ?? invoice.id)}</h1>
<p class="muted">Status: <strong data-testid="invoice-status">${escapeHtml(invoice.status ?? '')}</strong> · ${date(invoice.period_start)} – ${date(invoice.period_end)}</p>
<table>${rows}<tr><td><strong>Total</strong></td><td><strong>${formatMoney(invoice.total, invoice.currency)}</strong></td></tr></table></section></main>`,
      ),
    );
  });
}

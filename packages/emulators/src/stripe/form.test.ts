import { describe, expect, it } from 'vitest';
import { parseForm, splitKey } from './form';

describe('Stripe form bracket notation', () => {
  it('parses nested objects and indexed arrays as stripe-node writes them', () => {
    const body =
      'mode=subscription&line_items[0][price]=price_1&line_items[0][quantity]=2&line_items[1][price]=price_2' +
      '&metadata[tenant_id]=42&subscription_data[trial_period_days]=14&subscription_data[metadata][tenant_id]=42' +
      '&success_url=https%3A%2F%2Fapp.example.com%2Fok%3Fsession_id%3D%7BCHECKOUT_SESSION_ID%7D';
    expect(parseForm(body)).toEqual({
      mode: 'subscription',
      line_items: [{ price: 'price_1', quantity: '2' }, { price: 'price_2' }],
      metadata: { tenant_id: '42' },
      subscription_data: { trial_period_days: '14', metadata: { tenant_id: '42' } },
      success_url: 'https://app.example.com/ok?session_id={CHECKOUT_SESSION_ID}',
    });
  });

  it('accepts percent-encoded brackets, empty-bracket appends and + as space', () => {
    expect(parseForm('expand%5B%5D=subscription&expand%5B%5D=customer&name=Ada+Lovelace')).toEqual({
      expand: ['subscription', 'customer'],
      name: 'Ada Lovelace',
    });
    expect(parseForm('expand[0]=a&expand[1]=b.c')).toEqual({ expand: ['a', 'b.c'] });
  });

  it('orders arrays by index, keeps empty strings (unset) and ignores prototype keys', () => {
    expect(parseForm('items[1][id]=b&items[0][id]=a&description=')).toEqual({
      items: [{ id: 'a' }, { id: 'b' }],
      description: '',
    });
    const parsed = parseForm('__proto__[polluted]=1&metadata[constructor]=x&ok=1');
    expect(parsed).toEqual({ ok: '1' });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('splits keys and rejects malformed ones', () => {
    expect(splitKey('a[b][0][]')).toEqual(['a', 'b', '0', '']);
    expect(splitKey('a[b')).toBeNull();
    expect(parseForm('a[b=1&c=2')).toEqual({ c: '2' });
  });
});

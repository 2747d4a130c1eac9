import { describe, expect, it } from 'vitest';
import { parseSkuTemplate } from '@stocksync/contract';
import { expandTemplate, type TemplateContext } from './template';

const ctx: TemplateContext = {
  prefix: 'AC',
  suffix: 'Z9',
  productTitle: 'Classic Cotton T-Shirt',
  optionValues: ['Black', 'Medium', 'Crème Brûlée'],
  seq: 7,
  chars: 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789',
  random: () => 0.5, // always index 18 -> 'S'
};

function expand(template: string, overrides: Partial<TemplateContext> = {}) {
  const parsed = parseSkuTemplate(template);
  if (!parsed.ok) throw new Error(parsed.error);
  return expandTemplate(parsed.parts, { ...ctx, ...overrides });
}

describe('expandTemplate: each token', () => {
  it('{PREFIX} and {SUFFIX} insert the configured values as entered', () => {
    expect(expand('{PREFIX}')).toBe('AC');
    expect(expand('{SUFFIX}')).toBe('Z9');
    expect(expand('{PREFIX}{SUFFIX}', { prefix: 'ab1' })).toBe('ab1Z9');
  });

  it('{TITLE:n} is the first n letters and digits of the title, uppercase', () => {
    expect(expand('{TITLE:3}')).toBe('CLA');
    expect(expand('{TITLE:10}')).toBe('CLASSICCOT');
    expect(expand('{TITLE:50}')).toBe('CLASSICCOTTONTSHIRT');
    expect(expand('{TITLE:4}', { productTitle: '  é-tü 2 ' })).toBe('ETU2');
  });

  it('{OPTION1:n}, {OPTION2:n}, {OPTION3:n} take option values in order', () => {
    expect(expand('{OPTION1:2}')).toBe('BL');
    expect(expand('{OPTION2:3}')).toBe('MED');
    expect(expand('{OPTION3:5}')).toBe('CREME');
    expect(expand('{OPTION3:2}', { optionValues: ['Red'] })).toBe('');
  });

  it('{SEQ:n} zero-pads the sequence number and never cuts it', () => {
    expect(expand('{SEQ:4}')).toBe('0007');
    expect(expand('{SEQ:1}')).toBe('7');
    expect(expand('{SEQ:2}', { seq: 123 })).toBe('123');
    expect(expand('{SEQ:3}', { seq: 0 })).toBe('000');
  });

  it('{RANDOM:n} draws n characters from the character set', () => {
    expect(expand('{RANDOM:4}')).toBe('SSSS');
    expect(expand('{RANDOM:3}', { chars: '01' })).toBe('111');
    let i = 0;
    const seq = [0, 0.99, 0.5];
    expect(expand('{RANDOM:3}', { chars: 'XYZ', random: () => seq[i++]! })).toBe('XZY');
  });

  it('keeps literal text between tokens', () => {
    expect(expand('SHOP-{TITLE:3}.{OPTION1:1}_{SEQ:3}x')).toBe('SHOP-CLA.B_007x');
    expect(expand('ABC')).toBe('ABC');
  });

  it('collapses separators left by empty tokens and trims them at the ends', () => {
    expect(expand('{TITLE:3}-{OPTION3:2}-{SEQ:2}', { optionValues: [] })).toBe('CLA-07');
    expect(expand('{OPTION1:2}-{TITLE:3}-{OPTION2:2}', { optionValues: [] })).toBe('CLA');
    expect(expand('{OPTION1:2}_.{SEQ:2}', { optionValues: [] })).toBe('07');
  });
});

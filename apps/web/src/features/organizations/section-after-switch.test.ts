import { describe, expect, it } from 'vitest';
import { sectionAfterSwitch } from './section-after-switch';

describe('switching organisation', () => {
  it('keeps the section shown', () => {
    expect(sectionAfterSwitch('/$org/inventory')).toBe('/$org/inventory');
    expect(sectionAfterSwitch('/$org/activity')).toBe('/$org/activity');
    expect(sectionAfterSwitch('/$org/settings/sku-generator')).toBe('/$org/settings/sku-generator');
    expect(sectionAfterSwitch('/$org/integrations/')).toBe('/$org/integrations');
  });

  it('drops what belongs to the old organisation: a product, a connected account', () => {
    expect(sectionAfterSwitch('/$org/products/$id')).toBe('/$org/inventory');
    expect(sectionAfterSwitch('/$org/integrations/$platform/$alias/account')).toBe(
      '/$org/integrations',
    );
    expect(sectionAfterSwitch('/$org/integrations/$platform/$alias/import')).toBe(
      '/$org/integrations',
    );
  });

  it('goes to the dashboard from anywhere else', () => {
    expect(sectionAfterSwitch('/$org/success')).toBe('/$org/dashboard');
    expect(sectionAfterSwitch(undefined)).toBe('/$org/dashboard');
  });
});

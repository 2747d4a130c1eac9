/** Organisation sections a switch can land on. */
export type OrgSection =
  | '/$org/dashboard'
  | '/$org/inventory'
  | '/$org/activity'
  | '/$org/integrations'
  | '/$org/settings/organization'
  | '/$org/settings/billing'
  | '/$org/settings/sku-generator';

/**
 * The deepest route shown now → where switching organisation goes: the same section, without
 * anything that belongs to the old organisation (a product, a connected account, search filters).
 */
const SECTION_OF_ROUTE: Record<string, OrgSection> = {
  '/$org/dashboard': '/$org/dashboard',
  '/$org/inventory': '/$org/inventory',
  '/$org/products/$id': '/$org/inventory',
  '/$org/activity': '/$org/activity',
  '/$org/integrations/': '/$org/integrations',
  '/$org/integrations/$platform/$alias/account': '/$org/integrations',
  '/$org/integrations/$platform/$alias/import': '/$org/integrations',
  '/$org/settings/organization': '/$org/settings/organization',
  '/$org/settings/billing': '/$org/settings/billing',
  '/$org/settings/sku-generator': '/$org/settings/sku-generator',
};

export function sectionAfterSwitch(routeId: string | undefined): OrgSection {
  return (routeId && SECTION_OF_ROUTE[routeId]) || '/$org/dashboard';
}

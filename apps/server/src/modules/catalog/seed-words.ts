/** The words demo products are named from (seed-content.ts). */

export const ADJECTIVES = [
  'Classic',
  'Vintage',
  'Premium',
  'Everyday',
  'Organic',
  'Slim',
  'Oversized',
  'Handmade',
  'Recycled',
  'Lightweight',
  'Heavy',
  'Soft',
  'Rugged',
  'Minimal',
  'Retro',
  'Luxe',
];
export const MATERIALS = [
  'Cotton',
  'Linen',
  'Wool',
  'Leather',
  'Denim',
  'Bamboo',
  'Ceramic',
  'Steel',
  'Oak',
  'Canvas',
  'Silk',
  'Cork',
  'Glass',
  'Merino',
  'Suede',
  'Hemp',
];
export const NOUNS = [
  'T-Shirt',
  'Hoodie',
  'Mug',
  'Wallet',
  'Backpack',
  'Candle',
  'Scarf',
  'Beanie',
  'Tote Bag',
  'Notebook',
  'Water Bottle',
  'Sneakers',
  'Jacket',
  'Socks',
  'Apron',
  'Lamp',
  'Cushion',
  'Phone Case',
  'Sunglasses',
  'Watch Strap',
];
export const COLOURS = ['Black', 'White', 'Navy', 'Grey', 'Olive', 'Sand', 'Burgundy', 'Sky Blue'];
export const SIZES = ['XS', 'S', 'M', 'L', 'XL', 'XXL', 'One Size', '42', '44'];

/** The first `n` letters and digits of `text`, upper-cased (SKU parts). */
export function codeOf(text: string, n: number): string {
  return text
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, n);
}

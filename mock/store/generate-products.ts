// Deterministic sample products: a product is a pure function of (seed, row).
import { hash32, pick } from './random.js';
import type { MockProduct } from './types.js';

// The salt of product fields; its value keeps a seed's products what they always were.
const PRODUCT_SALT = 11;

const ADJECTIVES = ['Classic', 'Organic', 'Compact', 'Deluxe', 'Eco', 'Smart', 'Mini', 'Pro'];
const NOUNS = ['Mug', 'Lamp', 'Backpack', 'Notebook', 'Towel', 'Kettle', 'Bottle', 'Speaker'];

/**
 * A generated product.
 *
 * @param seed - The data seed.
 * @param row - 0-based row; the product's id is `row + 1`.
 */
export function generateProduct(seed: number, row: number): MockProduct {
  const id = row + 1;
  const digits = `869${String(hash32(seed, row, PRODUCT_SALT) % 1_000_000_000).padStart(9, '0')}`;
  return {
    id,
    sku: `SKU-${String(id).padStart(5, '0')}`,
    name: `${pick(ADJECTIVES, seed, row, PRODUCT_SALT + 1)} ${pick(NOUNS, seed, row, PRODUCT_SALT + 2)}`,
    barcode: digits + ean13CheckDigit(digits),
    stock: hash32(seed, row, PRODUCT_SALT + 3) % 500,
    price: generatedPrice(seed, row),
    currency: 'TRY',
  };
}

/**
 * A generated product's price, without building the product.
 *
 * @param seed - The data seed.
 * @param row - 0-based row.
 */
export function generatedPrice(seed: number, row: number): number {
  return (100 + (hash32(seed, row, PRODUCT_SALT + 4) % 99_900)) / 100;
}

function ean13CheckDigit(twelve: string): string {
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 === 0 ? 1 : 3);
  return String((10 - (sum % 10)) % 10);
}

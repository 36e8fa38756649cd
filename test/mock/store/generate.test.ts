// The generator's fast paths agree with the slow ones they replace: the list shape with the
// full record trimmed, the timestamp formatter with toISOString.
import { describe, expect, it } from 'vitest';
import { iso, OrderGenerator } from '../../../mock/store/generate.js';
import { generateProduct } from '../../../mock/store/generate-products.js';
import { toListShape } from '../../../mock/store/list-shape.js';

describe('OrderGenerator.listShape', () => {
  it.each([
    [1, 100, 20],
    [7, 1_000_000, 20],
    [42, 5_000, 0],
  ])(
    'is the full record without detail fields, key order included, with tracking or without (seed %i, %i orders, %i products)',
    (seed, count, products) => {
      const catalog = Array.from({ length: products }, (_, row) => generateProduct(seed, row));
      const generator = new OrderGenerator(seed, count, catalog);
      for (let i = 0; i < 500; i++) {
        const row = Math.floor((i / 500) * count);
        const id = String(row + 1);
        expect(JSON.stringify(generator.listShape(row, id))).toBe(
          JSON.stringify(toListShape(generator.order(row, id))),
        );
        expect(JSON.stringify(generator.listShapeWithTracking(row, id))).toBe(
          JSON.stringify(toListShape(generator.order(row, id), true)),
        );
      }
    },
  );
});

describe('iso', () => {
  it('formats like toISOString, inside and outside the fast range', () => {
    const samples = [
      0, 1, 999, 1000, 86_399_999, 86_400_000, 951_782_400_000, 1_709_164_800_123,
      1_767_225_599_999, 253_402_300_799_999, 253_402_300_800_000, -1, -62_198_755_200_000, 8.64e15,
      1.5,
    ];
    for (let i = 0; i < 2000; i++) samples.push(Math.floor(Math.random() * 4e12));
    for (const ms of samples) expect(iso(ms)).toBe(new Date(ms).toISOString());
  });

  it('throws for an invalid time, as toISOString does', () => {
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(8.64e15 + 1)).toThrow(RangeError);
  });
});

describe('OrderGenerator items', () => {
  it.each([
    [3, 0],
    [3, 20],
    [9, 2],
    [9, 1],
  ])('list each SKU once and add up to total_price (seed %i, %i products)', (seed, products) => {
    const catalog = Array.from({ length: products }, (_, row) => generateProduct(seed, row));
    const generator = new OrderGenerator(seed, 2_000, catalog);
    const lineCounts = new Set<number>();
    for (let row = 0; row < 2_000; row++) {
      const order = generator.order(row, String(row + 1));
      const skus = order.items.map((item) => item.sku);
      expect(new Set(skus).size).toBe(skus.length);
      lineCounts.add(skus.length);
      const sum = order.items.reduce((total, item) => total + item.price * item.quantity, 0);
      expect(order.total_price).toBe(Math.round(sum * 100) / 100);
    }
    // Orders still vary in size, up to the products there are to list.
    expect(Math.max(...lineCounts)).toBe(Math.min(3, products || 50));
  });
});

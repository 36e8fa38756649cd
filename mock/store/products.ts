// The products of one mock service: a small list kept sorted by id, paged by position.

import { generateProduct } from './generate-products.js';
import { checkInput, givenFields, toValidationIssues } from './input-checks.js';
import { ProductInputSchema } from './record-schemas.js';
import { MockInputError, MockNotFoundError } from './store-errors.js';
import type { MockProduct, ProductInput } from './types.js';

function parseProduct(input: unknown, what: string): ProductInput {
  const result = checkInput(ProductInputSchema, input);
  if (!result.success)
    throw new MockInputError(what, toValidationIssues(result.error.issues, input));
  return givenFields(result.data as ProductInput);
}

/** The products of one mock service, sorted by id. */
export class ProductStore {
  private readonly list: MockProduct[] = [];
  private readonly byId = new Map<number, MockProduct>();

  /**
   * @param seed - Data seed for generated products.
   * @param products - How many to generate, or the records to start with.
   * @param onChange - Told of each product created or changed after these.
   * @throws {@link MockInputError} for an invalid record or a repeated id.
   */
  constructor(
    private readonly seed: number,
    products: number | readonly unknown[],
    private readonly onChange: () => void = () => {},
  ) {
    if (typeof products === 'number') {
      for (let row = 0; row < products; row++) this.insert(generateProduct(seed, row));
    } else {
      products.forEach((input, position) => {
        this.insert(this.build(input, `products[${position}]`));
      });
    }
  }

  /** Every product, sorted by id (shared records: do not change them). */
  get all(): readonly MockProduct[] {
    return this.list;
  }

  /**
   * A product by id.
   *
   * @param id - Its id.
   */
  get(id: number): MockProduct | undefined {
    return this.byId.get(id);
  }

  /**
   * Adds a product: the given fields, the rest generated; the id defaults to the highest + 1.
   *
   * @param input - Any subset of the product's fields.
   * @throws {@link MockInputError} for an invalid field or an id in use.
   */
  create(input: unknown = {}): MockProduct {
    const product = this.build(input, 'product');
    this.insert(product);
    this.onChange();
    return product;
  }

  // A new record: the input over a generated product of its id.
  private build(input: unknown, what: string): MockProduct {
    const parsed = parseProduct(input, what);
    const id = parsed.id ?? (this.list.at(-1)?.id ?? 0) + 1;
    // Above 2^53 - 1 a number no longer names one integer: JSON readers would round it.
    if (!Number.isSafeInteger(id)) {
      throw new MockInputError(what, [
        {
          loc: ['id'],
          msg: 'No id is left above the highest: give the product an id',
          type: 'value_error',
        },
      ]);
    }
    if (this.byId.has(id)) {
      throw new MockInputError(what, [
        { loc: ['id'], msg: `A product with id ${id} already exists`, type: 'value_error' },
      ]);
    }
    const base = generateProduct(this.seed, id - 1);
    return { ...base, ...parsed, id };
  }

  /**
   * Changes fields of a product.
   *
   * @param id - Its id.
   * @param patch - Fields to change; never `id`.
   * @throws {@link MockNotFoundError} for an unknown id; {@link MockInputError} for a bad patch.
   */
  update(id: number, patch: unknown): MockProduct {
    const current = this.byId.get(id);
    if (!current) throw new MockNotFoundError(`No product with id ${id}`);
    const parsed = parseProduct(patch, 'product patch');
    if (parsed.id !== undefined && parsed.id !== id) {
      throw new MockInputError('product patch', [
        { loc: ['id'], msg: 'The id of a product cannot change', type: 'value_error' },
      ]);
    }
    const next: MockProduct = { ...current, ...parsed, id };
    this.list[this.list.indexOf(current)] = next;
    this.byId.set(id, next);
    this.onChange();
    return next;
  }

  // Found by halving rather than walking back from the end: records given in descending or
  // random order would otherwise cost a walk of the list each.
  private insert(product: MockProduct): void {
    let low = 0;
    let high = this.list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.list[middle] as MockProduct).id > product.id) high = middle;
      else low = middle + 1;
    }
    this.list.splice(low, 0, product);
    this.byId.set(product.id, product);
  }
}

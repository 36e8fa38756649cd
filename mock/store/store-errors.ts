// Errors the mock's state API throws; the control endpoints turn them into 404 and 422.
import type { ValidationIssue } from '../../src/schemas/index.js';

/**
 * Thrown by `mock.orders`/`mock.products` when a record does not exist.
 *
 * @example
 * ```ts
 * try { mock.orders.update('missing', { status: 'Processing' }); }
 * catch (error) { if (error instanceof MockNotFoundError) console.log(error.message); }
 * ```
 */
export class MockNotFoundError extends Error {
  override name = 'MockNotFoundError' as const;
}

/**
 * Thrown by `mock.orders`/`mock.products` when a record or patch breaks the wire schema.
 * `issues` lists each problem in the 422 `detail` shape, with `loc` relative to the record.
 */
export class MockInputError extends TypeError {
  override name = 'MockInputError' as const;

  /** Each problem, in the 422 `detail` shape. */
  readonly issues: ValidationIssue[];

  constructor(what: string, issues: ValidationIssue[]) {
    const first = issues[0];
    const where = first && first.loc.length > 0 ? ` at ${first.loc.join('.')}` : '';
    super(`Invalid ${what}${where}: ${first?.msg ?? 'invalid input'}`);
    this.issues = issues;
  }
}

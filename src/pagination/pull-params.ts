// The parameters of a pull as the caller gives them: the filters and page size the service
// checks, a cursor that goes back exactly as it was received, and how far to fetch ahead.
import * as z from 'zod/mini';
import { isDate } from '../core/is-date.js';
import { ConfigurationError } from '../errors/configuration-error.js';
import {
  ORIGIN_CURSOR,
  type OrderCursor,
  OrderCursorParamsSchema,
  type OrderStatus,
  type Platform,
} from '../schemas/order.js';
import { givenTogether } from '../schemas/wire.js';
import { DEFAULT_PREFETCH } from './prefetch.js';

// A Date that holds a time in years 1 to 9999: the only date among the SDK's schemas, which
// need not bring zod's date schema into the bundle for it. Past 9999 toISOString writes a
// six-digit signed year (`+010000-01-01T…`), which no ISO 8601 reader takes; year 0 it
// writes as `0000-…`, which Python's datetime (a FastAPI service's reader) has no year for.
const ValidDateSchema = z.custom<Date>((value) => {
  const year = isDate(value) ? value.getUTCFullYear() : Number.NaN;
  return year >= 1 && year <= 9999;
});

/**
 * The check of an order pull's parameters before anything is sent: the cursor query's
 * filters, page size and `since_id` (a non-empty string) as the service checks them; `since`
 * a non-empty string, sent as it is, or a valid `Date`; the two given together.
 *
 * @internal
 */
export const OrderPullParamsSchema = z
  .object({
    ...OrderCursorParamsSchema.shape,
    since: z.optional(
      z.union([z.string().check(z.minLength(1)), ValidDateSchema], {
        error:
          'must be a cursor as the service sent it (a non-empty string), or a valid Date in years 1 to 9999',
      }),
    ),
  })
  .check(givenTogether('since', 'since_id'));

/** What a pull adds to its query: how many pages to fetch ahead of the consumer. */
export interface PrefetchParams {
  /**
   * Pages to fetch ahead while the loop works on the current one: default 1; 0 fetches each
   * page only when the loop asks for it. At most `prefetch + 1` pages are held at once.
   */
  prefetch?: number | undefined;
}

/**
 * The parameters of {@link OrdersClient.pages} and {@link OrdersClient.iterate}: filters
 * `status` and `platform`, page size `limit`, the cursor `since`/`since_id` to start strictly
 * after (both or neither; without them the pull starts at {@link ORIGIN_CURSOR}), and
 * `prefetch`.
 *
 * A string `since` and `since_id` go back exactly as given: a cursor the service wrote (a
 * page's `next_since`/`next_since_id`, a saved checkpoint) is sent unchanged whatever its
 * format (specification 4.2, rule 2), and only an empty one is refused before sending. A
 * `Date` is the caller's own value: it must be valid, and is sent as ISO 8601 in UTC.
 */
export interface OrderPullParams extends PrefetchParams {
  /** Only orders with this status, compared exactly: `Shipped` is not `shipped`. */
  status?: OrderStatus | undefined;
  /** Only orders from this sales platform. */
  platform?: Platform | undefined;
  /**
   * Orders per page, an integer from 1 to 200 ({@link MAX_PAGE_SIZE}); left out, the
   * service's default, which the specification does not show (its section 8); the mock's is 50.
   */
  limit?: number | undefined;
  /**
   * The `updated_at` half of the cursor: a string as received, sent unchanged, or a `Date` of
   * your own, sent as ISO 8601 in UTC. Given with `since_id` or not at all.
   */
  since?: string | Date | undefined;
  /**
   * The `id` half of the cursor: a non-empty string as received, sent unchanged. Given with
   * `since` or not at all.
   */
  since_id?: string | undefined;
}

// The declared fields are the ones the schema checks, plus `prefetch`: each type assignable
// to the other, with the same keys, or this line does not compile.
type Same<A, B> = [A, keyof A] extends [B, keyof B]
  ? [B, keyof B] extends [A, keyof A]
    ? true
    : false
  : false;
true satisfies Same<OrderPullParams, z.input<typeof OrderPullParamsSchema> & PrefetchParams>;

/**
 * Splits `prefetch` off a pull's parameters and checks it: an option of the SDK, never sent.
 *
 * @param params - The caller's parameters.
 * @returns The pages to fetch ahead, and the rest of the parameters for the query check.
 * @throws {@link ConfigurationError} naming `prefetch` when it is not an integer from 0.
 * @internal
 */
export function splitPrefetch<P extends PrefetchParams>(
  params: P,
): { prefetch: number; rest: Omit<P, 'prefetch'> } {
  const { prefetch = DEFAULT_PREFETCH, ...rest } = params ?? ({} as P);
  if (!Number.isSafeInteger(prefetch) || prefetch < 0) {
    throw new ConfigurationError(
      'prefetch',
      `is how many pages to fetch ahead, an integer from 0 (0 turns it off); received ${typeof prefetch === 'string' ? JSON.stringify(prefetch) : String(prefetch)}.`,
    );
  }
  return { prefetch, rest };
}

/**
 * Where a pull starts: the caller's cursor as given (a `Date` written as ISO 8601), or the
 * origin without one.
 *
 * @param since - The checked `since`.
 * @param since_id - The checked `since_id`.
 * @internal
 */
export function startCursor(
  since: string | Date | undefined,
  since_id: string | undefined,
): OrderCursor {
  if (since === undefined || since_id === undefined) return { ...ORIGIN_CURSOR };
  return { since: typeof since === 'string' ? since : since.toISOString(), since_id };
}

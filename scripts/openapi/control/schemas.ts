// The control document's component schemas: the zod schemas the mock's control routes check
// their bodies with, and the stored records they answer with.
import * as z from 'zod/mini';
import { ClockAdvanceSchema, ClockSetSchema } from '../../../mock/routes/control.js';
import { DeliveryAttemptSchema } from '../../../mock/rules/delivery-log.js';
import { FaultRuleSchema, StoredFaultRuleSchema } from '../../../mock/rules/fault-rule.js';
import { MockRequestSchema } from '../../../mock/rules/mock-request.js';
import {
  OrderInputSchema,
  OrderItemRecordSchema,
  OrderRecordSchema,
  ProductInputSchema,
} from '../../../mock/store/record-schemas.js';
import * as S from '../../../src/schemas/index.js';
import {
  clean,
  INSTANT_YEARS,
  type Json,
  registryOf,
  registrySchemas,
  type Schema,
  sortedById,
} from '../json-schema.js';
import { faultRuleSchema } from './fault-rule.js';

// Each component: its schema, its name, and what it is. What the control routes take is
// described as they accept it (zod's safe-integer bounds, which they enforce, stay), and the
// records the mock only sends as it sends them (clean() drops those bounds).
const inputs = registryOf([
  [
    FaultRuleSchema,
    'FaultRule',
    'A fault rule: `method` (any when absent), `path` after the host URL (exact, or a prefix ' +
      'ending in `*`), `times` (absent: until removed), `after` (matching requests that get ' +
      'their normal answer first), at most one answer: `status` (with optional `body`, JSON or ' +
      'a string sent as it is, and `headers`) or `error` (`reset` before the route runs; ' +
      '`truncate` and `stall` cut the answer of the route, which has done its work), and ' +
      '`delayMs` to wait first (alone: answer normally after it). At least one of the three; ' +
      '`body` and `headers` go with `status` only. POST /__mock/faults also refuses (422) a ' +
      '`path` that reaches no endpoint of the service (one under `/__mock` included) and a ' +
      'header the mock writes itself (`X-Request-Id`, `Content-Length`, ...): see `path` and ' +
      '`headers`.',
  ],
  [ClockSetSchema, 'ClockSet', 'Where to freeze the mock clock.'],
  [ClockAdvanceSchema, 'ClockAdvance', 'How many ms to move the clock (negative goes back).'],
  [
    OrderInputSchema,
    'OrderInput',
    'Fields of an order to create: any of them, no other (a misspelt field is 422 ' +
      '`extra_forbidden`). Timestamps need a UTC offset.',
  ],
  [
    // An update checks the same fields (mock/store/orders.ts), less the two it refuses: the id
    // never changes, and `updated_at` comes from the mock clock (the mock's OrderPatch type).
    z.omit(OrderInputSchema, { id: true, updated_at: true }),
    'OrderUpdate',
    'Fields of an order to change: any of OrderInput but `id` and `updated_at` (422: the id ' +
      'never changes, and `updated_at` is moved by the mock clock on every update), no other.',
  ],
  [
    ProductInputSchema,
    'ProductInput',
    'Fields of a product to create: any of them, no other (422 `extra_forbidden`).',
  ],
  [
    z.omit(ProductInputSchema, { id: true }),
    'ProductUpdate',
    'Fields of a product to change: any of ProductInput but `id` (422: the id never changes), ' +
      'no other.',
  ],
]);

const outputs = registryOf([
  [
    StoredFaultRuleSchema,
    'StoredFaultRule',
    'A live rule with its `id` and how many requests it has applied to.',
  ],
  [
    MockRequestSchema,
    'MockRequest',
    'One request the service was sent. API key and signature header values, and any configured ' +
      'key or signing secret elsewhere, read `REDACTED`; `keyId` names the configured key ' +
      '(`apiKeys[0]`, ...), never the key; `status` is null for a reset connection.',
  ],
  [
    DeliveryAttemptSchema,
    'DeliveryAttempt',
    'One attempt to deliver one event to one subscription: `status` when the receiver answered, ' +
      '`error` when it did not (network error, timeout); `body` is the exact bytes sent, the same ' +
      'on every attempt of an event.',
  ],
  [
    // What the mock stores and answers with (MockOrder): every field of the order detail,
    // present, and the order's lines, which the service serves apart (`/orders/{id}/items`).
    z.extend(OrderRecordSchema, { items: z.array(OrderItemRecordSchema) }),
    'Order',
    'A stored order: every field of the order detail, and its `items`.',
  ],
  [S.ProductSchema, 'Product', 'A stored product.'],
  [S.WebhookSubscriptionSchema, 'WebhookSubscription', 'A stored webhook subscription.'],
  [
    S.ErrorBodySchema,
    'ErrorBody',
    'Every error: `detail` is a sentence, or for 422 a list of issues.',
  ],
]);

/** Every component schema of the control document, sorted by id. */
export function controlComponents(): Record<string, Json> {
  const cleaned = {
    ...registrySchemas(inputs, 'input', { unrepresentable: 'any' }),
    ...registrySchemas(outputs, 'output', { unrepresentable: 'any' }),
  };
  cleaned.FaultRule = faultRuleSchema(cleaned.FaultRule as Schema);
  // A parcel's `shipped_at` is checked in code (an instant with Z or ±HH:MM, stored in UTC),
  // which zod cannot translate: the rule is IsoDateTimeWithOffsetSchema's, the one an order's
  // own timestamps carry, so it says so in that schema's words.
  const instant = {
    ...clean(z.toJSONSchema(z.nullable(S.IsoDateTimeWithOffsetSchema)), 'input'),
    description: INSTANT_YEARS,
  };
  for (const id of ['OrderInput', 'OrderUpdate']) {
    const properties = (cleaned[id] as Schema).properties ?? {};
    const shipment = properties.shipments?.items as Schema | undefined;
    const shippedAt = shipment?.properties?.shipped_at;
    if (!shippedAt) throw new Error(`scripts/openapi/control/schemas.ts: ${id} has no shipped_at`);
    shipment.properties = { ...shipment.properties, shipped_at: instant };
    // The order's own timestamps: the same range, checked in code (record-schemas.ts).
    for (const name of ['order_date', 'created_at', 'updated_at', 'shipped_at']) {
      const property = properties[name];
      if (property) property.description = INSTANT_YEARS;
    }
  }
  // The clock takes any instant it can hold, written in year 0000 or not; a move it cannot
  // make is the clock's RangeError (mock/routes/control.ts, moveClock).
  const now = (cleaned.ClockSet as Schema).properties?.now;
  if (!now) throw new Error('scripts/openapi/control/schemas.ts: ClockSet has no now');
  now.description =
    'Within 0001-01-01T00:00:00Z to 9999-12-31T23:59:59.999Z once in UTC (422 `value_error` ' +
    'otherwise, the clock unmoved), which the pattern does not check.';
  // A stored parcel's `shipped_at` is what StoredInstantSchema's transform writes (a UTC
  // instant with milliseconds), which zod's output reading cannot see through: it says any.
  const parcel = (cleaned.Order as Schema).properties?.shipments?.items as Schema | undefined;
  if (!parcel?.properties?.shipped_at)
    throw new Error('scripts/openapi/control/schemas.ts: Order has no shipments[].shipped_at');
  parcel.properties.shipped_at = {
    type: ['string', 'null'],
    description: 'When the parcel shipped, in UTC with milliseconds (`2026-06-15T09:30:00.000Z`).',
  };
  return sortedById(cleaned);
}

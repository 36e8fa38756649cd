// The mock's control endpoints under {host_url}/__mock/ (state, clock, deliveries, fault
// rules, the request journal, reset) as an OpenAPI 3.1 document (docs/openapi-control.json),
// for drivers in any language.
import * as z from 'zod/mini';
import {
  CONTROL_PREFIX,
  DeliveryFilterSchema,
  RequestFilterSchema,
} from '../../../mock/routes/control.js';
import { type Json, json, ref, withDefaultResponses } from '../json-schema.js';
import { controlComponents } from './schemas.js';

// The responses, bodies and parameters its operations are made of.
const ok = (description: string, schema: object = { type: 'object' }) => ({
  description,
  content: json(schema),
});
const items = (id: string) => ({
  type: 'object',
  properties: { items: { type: 'array', items: ref(id) } },
  required: ['items'],
});
const status = (value: string) => ({
  type: 'object',
  properties: { status: { const: value } },
  required: ['status'],
});
const error = (description: string) => ({ description, content: json(ref('ErrorBody')) });
const body = (id: string) => ({ required: false, content: json(ref(id)) });
const fields = (id: string, description: string) => ({
  required: false,
  description,
  content: json(ref(id)),
});
const pathParam = (name: string, description: string, schema: Json = { type: 'string' }) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema,
});
// A product id as the control routes read it from the path (mock/routes/control.ts,
// `productId`): every id a product can have, a safe integer from 1, in plain decimal (no
// sign, no leading zero); anything else is 422.
const PRODUCT_ID = { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER };
const tags = (...names: string[]) => ({ tags: names });

const bad = error('The body (or query) failed validation; `detail` lists each problem.');

// The query parameters of a filter schema, each with its description.
function queryOf(schema: z.ZodMiniObject, descriptions: Record<string, string>): Json[] {
  const { properties } = z.toJSONSchema(schema, { io: 'input' }) as Json;
  return Object.entries(properties as Json).map(([name, property]) => ({
    name,
    in: 'query',
    required: false,
    description: descriptions[name],
    // zod's safe-integer bound on an int stays: past it the filter is 422.
    schema: property,
  }));
}
const newestOnly = queryOf(DeliveryFilterSchema, {
  limit: 'Only the newest N attempts. Any other query parameter is refused (422).',
});

// What GET /__mock/deliveries and the flush answer with: the kept attempts, not every one.
const attempts = ok(
  'The delivery attempts kept (the newest 10,000 unless the `deliveries: { limit }` option or ' +
    '`--deliveries-limit` says otherwise), oldest first.',
  items('DeliveryAttempt'),
);

// The create, read and change endpoints of one kind of stored record.
function stored(
  at: string,
  kind: 'order' | 'product',
  summaries: { create: string; change: string },
): Record<string, Json> {
  const schema = ref(kind === 'order' ? 'Order' : 'Product');
  const input = kind === 'order' ? 'OrderInput' : 'ProductInput';
  const update = kind === 'order' ? 'OrderUpdate' : 'ProductUpdate';
  const missing = error(`No such ${kind}.`);
  const id = `${kind}_id`;
  const name = `${kind[0]?.toUpperCase()}${kind.slice(1)}`;
  return {
    [`${at}/${kind}s`]: {
      post: {
        operationId: `create${name}`,
        ...tags('state'),
        summary: summaries.create,
        requestBody: fields(input, `Any fields of a ${kind}; the rest are generated.`),
        responses: { '201': ok(`The stored ${kind}.`, schema), '422': bad },
      },
    },
    [`${at}/${kind}s/{${id}}`]: {
      parameters: [
        kind === 'order'
          ? pathParam(id, 'The order’s `id` (a string).')
          : pathParam(
              id,
              'The product’s `id`, in decimal without sign or leading zeros, at most 15 digits ' +
                '(422 otherwise).',
              PRODUCT_ID,
            ),
      ],
      get: {
        operationId: `get${name}`,
        ...tags('state'),
        summary: `Read a stored ${kind}`,
        // A product id must be an integer; any string names an order.
        responses: {
          '200': ok(`The ${kind}.`, schema),
          '404': missing,
          ...(kind === 'product' && { '422': bad }),
        },
      },
      patch: {
        operationId: `update${name}`,
        ...tags('state'),
        summary: summaries.change,
        requestBody: fields(update, 'The fields to change.'),
        responses: { '200': ok(`The ${kind}.`, schema), '404': missing, '422': bad },
      },
    },
  };
}

/** Builds the control endpoints' OpenAPI 3.1 document. */
export function buildControlDocument(): Json {
  const at = CONTROL_PREFIX;
  const clock = ok('The mock clock.', {
    type: 'object',
    properties: { now: { type: 'string', format: 'date-time' } },
  });
  return {
    openapi: '3.1.0',
    info: {
      title: 'Order fulfillment mock: control endpoints',
      version: '1.0.0',
      description:
        'Generated by `npm run openapi` from the zod schemas the mock checks these bodies with; ' +
        'do not edit by hand. The endpoints under `{host_url}/__mock/` drive the mock ' +
        '(`npx -p order-fulfillment-sdk order-fulfillment-mock`, `mock.listen()`) from any language: no API key, JSON in ' +
        'and out, never faulted or delayed, never in the journal. docs/mock.md explains each.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{host_url}',
        variables: {
          host_url: { default: 'http://127.0.0.1:4010', description: 'The URL the mock prints.' },
        },
      },
    ],
    // No control endpoint takes an API key.
    security: [],
    tags: [
      {
        name: 'state',
        description: 'Stored orders and products, subscriptions, deliveries, reset.',
      },
      { name: 'clock', description: 'The mock clock every timestamp and window is read from.' },
      { name: 'faults', description: 'Fault rules: statuses, errors and delays to inject.' },
      { name: 'journal', description: 'The requests the service was sent.' },
    ],
    paths: withDefaultResponses({
      ...stored(at, 'order', {
        create: 'Create an order (emits order.created); any subset of an order, the rest generated',
        change:
          'Change an order (not `id`, not `updated_at`; moves updated_at, emits order.updated)',
      }),
      ...stored(at, 'product', {
        create: 'Create a product from any subset of one',
        change: 'Change a product',
      }),
      [`${at}/clock`]: {
        get: {
          operationId: 'getClock',
          ...tags('clock'),
          summary: 'Read the mock clock',
          responses: { '200': clock },
        },
        put: {
          operationId: 'setClock',
          ...tags('clock'),
          summary: 'Freeze the clock at a time (years 0000 to 9999)',
          requestBody: body('ClockSet'),
          responses: { '200': clock, '422': bad },
        },
      },
      [`${at}/clock/advance`]: {
        post: {
          operationId: 'advanceClock',
          ...tags('clock'),
          summary: 'Move the clock by `ms` (negative goes back; years 0000 to 9999)',
          requestBody: body('ClockAdvance'),
          responses: { '200': clock, '422': bad },
        },
      },
      [`${at}/subscriptions`]: {
        get: {
          operationId: 'listSubscriptions',
          ...tags('state'),
          summary: 'List the webhook subscriptions',
          responses: { '200': ok('Every subscription.', items('WebhookSubscription')) },
        },
      },
      [`${at}/deliveries`]: {
        get: {
          operationId: 'listDeliveries',
          ...tags('state'),
          summary: 'List the delivery attempts kept, oldest first',
          parameters: newestOnly,
          responses: { '200': attempts, '422': bad },
        },
      },
      [`${at}/deliveries/flush`]: {
        post: {
          operationId: 'flushDeliveries',
          ...tags('state'),
          summary: 'Wait until no delivery or retry is pending',
          parameters: newestOnly,
          responses: { '200': attempts, '422': bad },
        },
      },
      [`${at}/faults`]: {
        post: {
          operationId: 'addFault',
          ...tags('faults'),
          summary: 'Add a fault rule after the others',
          description: 'Rules match in the order added; the first live one applies.',
          requestBody: { required: true, content: json(ref('FaultRule')) },
          responses: {
            '201': ok('The stored rule.', ref('StoredFaultRule')),
            '422': error('A bad rule; nothing was added. `detail` lists each problem.'),
          },
        },
        get: {
          operationId: 'listFaults',
          ...tags('faults'),
          summary: 'List the live fault rules, in the order added',
          responses: { '200': ok('The live rules, in the order added.', items('StoredFaultRule')) },
        },
        delete: {
          operationId: 'clearFaults',
          ...tags('faults'),
          summary: 'Remove every fault rule (ids keep counting)',
          responses: { '200': ok('Every rule removed.', status('cleared')) },
        },
      },
      [`${at}/faults/{fault_id}`]: {
        parameters: [pathParam('fault_id', 'The rule’s `id`.')],
        delete: {
          operationId: 'removeFault',
          ...tags('faults'),
          summary: 'Remove one fault rule',
          responses: {
            '200': ok('The rule was removed.', {
              type: 'object',
              properties: { id: { type: 'string' }, status: { const: 'removed' } },
              required: ['id', 'status'],
            }),
            '404': error('No live rule has this id (never added, removed, or spent).'),
          },
        },
      },
      [`${at}/requests`]: {
        get: {
          operationId: 'listRequests',
          ...tags('journal'),
          summary: 'The request journal, oldest first',
          description: 'Any other query parameter is refused (422 `extra_forbidden`).',
          parameters: queryOf(RequestFilterSchema, {
            method: 'Only requests with this method.',
            path: 'Only requests to this path: exact, or a prefix ending in `*`.',
            status:
              'Only requests answered with this status; `0` for no answer (reset, or still running).',
            limit: 'Only the newest N matching requests.',
          }),
          responses: { '200': ok('The matching requests.', items('MockRequest')), '422': bad },
        },
        delete: {
          operationId: 'clearRequests',
          ...tags('journal'),
          summary: 'Empty the request journal',
          responses: { '200': ok('The journal was emptied.', status('cleared')) },
        },
      },
      [`${at}/reset`]: {
        post: {
          operationId: 'reset',
          ...tags('state'),
          summary: 'Back to the initial data, clock, rules; an empty journal',
          responses: { '200': ok('Reset.', status('reset')) },
        },
      },
    }),
    components: { schemas: controlComponents() },
  };
}

/** The control document as written to disk: two-space JSON with a trailing newline. */
export function renderControlDocument(): string {
  return `${JSON.stringify(buildControlDocument(), null, 2)}\n`;
}

// Builds docs/openapi-control.json: the mock's control endpoints under {host_url}/__mock/
// (state, clock, deliveries, fault rules, the request journal, reset) for drivers in any
// language. The bodies are the zod schemas the routes check them with; scripts/openapi.ts
// writes and checks this document beside the service's own.
import { fileURLToPath } from 'node:url';
import * as z from 'zod/mini';
import {
  ClockAdvanceSchema,
  ClockSetSchema,
  CONTROL_PREFIX,
  RequestFilterSchema,
} from '../mock/routes/control.js';
import { FaultRuleSchema, StoredFaultRuleSchema } from '../mock/rules/faults.js';
import { MockRequestSchema } from '../mock/rules/journal.js';
import * as S from '../src/schemas/index.js';

type Json = { [key: string]: unknown };

/** Where the control document is written, relative to the repository root. */
export const CONTROL_OPENAPI_PATH = fileURLToPath(
  new URL('../docs/openapi-control.json', import.meta.url),
);

// Each component: its schema, its name, and what it is.
const COMPONENTS: Array<[z.core.$ZodType, string, string]> = [
  [
    FaultRuleSchema,
    'FaultRule',
    'A fault rule: `method` (any when absent), `path` from the host root (exact, or a prefix ' +
      'ending in `*`), `times` (absent: until removed) and exactly one effect: `status` (with ' +
      'optional JSON `body` and `headers`), `delayMs`, or `error` (`reset`, `truncate`, `stall`). ' +
      '`body` and `headers` go with `status` only.',
  ],
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
  [ClockSetSchema, 'ClockSet', 'Where to freeze the mock clock.'],
  [ClockAdvanceSchema, 'ClockAdvance', 'How many ms to move the clock (negative goes back).'],
  [S.OrderDetailSchema, 'Order', 'A stored order, every field.'],
  [S.ProductSchema, 'Product', 'A stored product.'],
  [S.WebhookSubscriptionSchema, 'WebhookSubscription', 'A stored webhook subscription.'],
  [
    S.ErrorBodySchema,
    'ErrorBody',
    'Every error: `detail` is a sentence, or for 422 a list of issues.',
  ],
];
const schemas = z.registry<{ id: string; description: string }>();
for (const [schema, id, description] of COMPONENTS) schemas.add(schema, { id, description });

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const json = (schema: object) => ({ 'application/json': { schema } });
const ok = (description: string, schema: object = { type: 'object' }) => ({
  description,
  content: json(schema),
});
const items = (id: string) => ({
  type: 'object',
  properties: { items: { type: 'array', items: id === '' ? { type: 'object' } : ref(id) } },
  required: ['items'],
});
const status = (value: string) => ({
  type: 'object',
  properties: { status: { const: value } },
  required: ['status'],
});
const error = (description: string) => ({ description, content: json(ref('ErrorBody')) });
const body = (id: string) => ({ required: false, content: json(ref(id)) });
const anyObject = (description: string) => ({
  required: false,
  description,
  content: json({ type: 'object' }),
});
const pathParam = (name: string, description: string) => ({
  name,
  in: 'path',
  required: true,
  description,
  schema: { type: 'string' },
});
const tags = (...names: string[]) => ({ tags: names });

// zod's JSON Schema with what components must not carry removed, sorted for a stable diff.
function components(): Record<string, Json> {
  const all = z.toJSONSchema(schemas, {
    io: 'input',
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  }).schemas;
  const cleaned = JSON.parse(
    JSON.stringify(all, (key, value) =>
      key === '$schema' || key === '$id' || value === Number.MIN_SAFE_INTEGER
        ? undefined
        : value === Number.MAX_SAFE_INTEGER && key === 'maximum'
          ? undefined
          : value,
    ),
  ) as Record<string, Json>;
  // zod drops the refinement; JSON Schema says "exactly one effect" in its own words.
  cleaned.FaultRule = {
    ...cleaned.FaultRule,
    oneOf: [{ required: ['status'] }, { required: ['delayMs'] }, { required: ['error'] }],
    dependentRequired: { body: ['status'], headers: ['status'] },
  };
  return Object.fromEntries(Object.entries(cleaned).sort(([a], [b]) => a.localeCompare(b)));
}

const bad = error('The body (or query) failed validation; `detail` lists each problem.');

// The create, read and change endpoints of one kind of stored record.
function stored(
  at: string,
  kind: 'order' | 'product',
  summaries: { create: string; change: string },
): Record<string, Json> {
  const schema = ref(kind === 'order' ? 'Order' : 'Product');
  const missing = error(`No such ${kind}.`);
  const id = `${kind}_id`;
  const name = `${kind[0]?.toUpperCase()}${kind.slice(1)}`;
  return {
    [`${at}/${kind}s`]: {
      post: {
        operationId: `create${name}`,
        ...tags('state'),
        summary: summaries.create,
        requestBody: anyObject(`Any fields of a ${kind}.`),
        responses: { '201': ok(`The stored ${kind}.`, schema), '422': bad },
      },
    },
    [`${at}/${kind}s/{${id}}`]: {
      parameters: [pathParam(id, `The ${kind}’s \`id\`.`)],
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
        requestBody: anyObject('The fields to change.'),
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
        '(`npx order-fulfillment-mock`, `mock.listen()`) from any language: no API key, JSON in ' +
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
    tags: [{ name: 'state' }, { name: 'clock' }, { name: 'faults' }, { name: 'journal' }],
    paths: {
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
        get: { operationId: 'getClock', ...tags('clock'), responses: { '200': clock } },
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
          requestBody: body('ClockAdvance'),
          responses: { '200': clock, '422': bad },
        },
      },
      [`${at}/subscriptions`]: {
        get: {
          operationId: 'listSubscriptions',
          ...tags('state'),
          responses: { '200': ok('Every subscription.', items('WebhookSubscription')) },
        },
      },
      [`${at}/deliveries`]: {
        get: {
          operationId: 'listDeliveries',
          ...tags('state'),
          responses: { '200': ok('Every delivery attempt, oldest first.', items('')) },
        },
      },
      [`${at}/deliveries/flush`]: {
        post: {
          operationId: 'flushDeliveries',
          ...tags('state'),
          summary: 'Wait until no delivery or retry is pending',
          responses: { '200': ok('Every delivery attempt, oldest first.', items('')) },
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
          responses: { '200': ok('The live rules, in the order added.', items('StoredFaultRule')) },
        },
        delete: {
          operationId: 'clearFaults',
          ...tags('faults'),
          responses: { '200': ok('Every rule removed.', status('cleared')) },
        },
      },
      [`${at}/faults/{fault_id}`]: {
        parameters: [pathParam('fault_id', 'The rule’s `id`.')],
        delete: {
          operationId: 'removeFault',
          ...tags('faults'),
          responses: {
            '200': ok('The rule was removed.', status('removed')),
            '404': error('No live rule has this id (never added, removed, or spent).'),
          },
        },
      },
      [`${at}/requests`]: {
        get: {
          operationId: 'listRequests',
          ...tags('journal'),
          summary: 'The request journal, oldest first',
          parameters: Object.entries(
            (z.toJSONSchema(RequestFilterSchema, { io: 'input' }) as Json).properties as Json,
          ).map(([name, schema]) => ({
            name,
            in: 'query',
            required: false,
            description: {
              method: 'Only requests with this method.',
              path: 'Only requests to this path: exact, or a prefix ending in `*`.',
              limit: 'Only the newest N matching requests.',
            }[name],
            schema: JSON.parse(
              JSON.stringify(schema, (key, value) => (key === 'maximum' ? undefined : value)),
            ),
          })),
          responses: { '200': ok('The matching requests.', items('MockRequest')), '422': bad },
        },
        delete: {
          operationId: 'clearRequests',
          ...tags('journal'),
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
    },
    components: { schemas: components() },
  };
}

/** The control document as written to disk: two-space JSON with a trailing newline. */
export function renderControlDocument(): string {
  return `${JSON.stringify(buildControlDocument(), null, 2)}\n`;
}

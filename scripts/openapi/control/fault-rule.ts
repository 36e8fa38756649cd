// What the control document says of a fault rule beyond what zod translates: the refinements
// of FaultRuleSchema (mock/rules/fault-rule.ts) and the check of POST /__mock/faults that a
// rule's path reaches an endpoint (mock/rules/faults.ts), in JSON Schema's words where they
// are exact, and in the descriptions where they are not.
import { anyCase } from '../../../mock/rules/fault-rule.js';
import { RESERVED_HEADER_NAMES } from '../../../mock/rules/reserved-headers.js';
import type { Json, Schema } from '../json-schema.js';

// The mock compares names case-insensitively; header names are ASCII tokens, so the pattern
// is exact.
const RESERVED_NAME = `^(?:${RESERVED_HEADER_NAMES.map(anyCase).join('|')})$`;

/** The FaultRule component with the rules zod leaves out. */
export function faultRuleSchema(cleaned: Schema): Schema {
  const properties = cleaned.properties ?? {};
  const { path, headers } = properties;
  const propertyNames = headers?.propertyNames as Json | undefined;
  if (!path || !propertyNames)
    throw new Error('scripts/openapi/control/fault-rule.ts: FaultRule has no path or headers');
  return {
    ...cleaned,
    properties: {
      ...properties,
      path: {
        ...path,
        // The control endpoints are never faulted, and no endpoint of the service is under
        // /__mock: every such path is refused, which a pattern says exactly. A path that no
        // other route answers is refused too, which only the router can tell.
        not: { pattern: '^/__mock' },
        description:
          'After the host URL, exact or a prefix ending in `*`. It must match an endpoint of the ' +
          'service, whatever its method (422 otherwise): not one under `/__mock`, which is never ' +
          'faulted, nor a path no endpoint answers, such as `/api/v1/web-api/v1/nope`.',
      },
      headers: {
        ...headers,
        propertyNames: { ...propertyNames, not: { pattern: RESERVED_NAME } },
        description:
          'Headers of the `status` answer, each value one line of Latin-1 text. Not those the ' +
          'mock writes itself or that would misread its plain body, in any case (422): ' +
          `${RESERVED_HEADER_NAMES.map((name) => `\`${name}\``).join(', ')}.`,
      },
    },
    // zod drops the refinement; JSON Schema says it in its own words: exactly one branch
    // holds, so a rule has status or error (not both), or delayMs alone; delayMs goes with
    // either.
    oneOf: [
      { required: ['status'] },
      { required: ['error'] },
      { required: ['delayMs'], properties: { status: false, error: false } },
    ],
    dependentRequired: { body: ['status'], headers: ['status'] },
  };
}

// One fault rule: what makes the service misbehave on request (an error status, a slow
// answer, a reset connection, a body cut short, an answer that never comes), the same
// in-process and over HTTP. One zod schema checks a rule wherever it comes from (the state
// API, `POST /__mock/faults`, `--fault`) and describes it in docs/openapi-control.json; the
// rules in force are kept by the FaultBook of faults.ts.
import * as z from 'zod/mini';
import { checkInput, toValidationIssues } from '../store/input-checks.js';
import { MockInputError } from '../store/store-errors.js';
import { RESERVED_HEADERS } from './reserved-headers.js';

/**
 * How a rule cuts the connection: before any answer (`reset`), or partway through the
 * route's own answer (`truncate`, `stall`); see {@link FaultRule}.
 */
export const FAULT_ERRORS = ['reset', 'truncate', 'stall'] as const;

/** The longest delay a rule or the latency option may ask for: ten minutes. */
export const MAX_DELAY_MS = 600_000;

const delay = z
  .int()
  .check(
    z.minimum(0, { error: `must be an integer from 0 to ${MAX_DELAY_MS}` }),
    z.maximum(MAX_DELAY_MS, { error: `must be an integer from 0 to ${MAX_DELAY_MS}` }),
  );

const HTTP_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];
/**
 * A pattern matching `word` in any case: each letter in both cases rather than the `i` flag,
 * which the patterns of the control OpenAPI document (built from these schemas) cannot carry.
 *
 * @internal
 */
export const anyCase = (word: string) =>
  word.replace(/[a-z]/gi, (letter) => `[${letter.toUpperCase()}${letter.toLowerCase()}]`);

/** An HTTP method, in any case: a rule or a filter with another could match nothing. */
export const HttpMethodSchema = z.string().check(
  z.regex(new RegExp(`^(?:${HTTP_METHODS.map(anyCase).join('|')})$`), {
    error: `must be an HTTP method: ${HTTP_METHODS.slice(0, -1).join(', ')} or ${HTTP_METHODS.at(-1)}`,
  }),
);

/**
 * A path pattern after the host URL (its origin and any path prefix): exact, or a prefix
 * when it ends in `*`. A `*` anywhere else, or a query, would be compared as written and
 * match no request.
 */
export const PathPatternSchema = z.string().check(
  z.regex(/^\/[^\s?#*]*\*?$/, {
    error:
      'must be a path after the host URL without a query, exact or ending in * for a prefix, such as /api/v1/web-api/v1/orders*',
  }),
);

// The fields of a rule; FaultRuleSchema adds the check of its effects.
const FaultRuleFields = z.strictObject({
  method: z.optional(HttpMethodSchema),
  path: PathPatternSchema,
  times: z.optional(z.int().check(z.minimum(1, { error: 'must be an integer of at least 1' }))),
  after: z.optional(z.int().check(z.minimum(0, { error: 'must be an integer of at least 0' }))),
  status: z.optional(
    z
      .int()
      .check(
        z.minimum(200, { error: 'must be an HTTP status from 200 to 599' }),
        z.maximum(599, { error: 'must be an HTTP status from 200 to 599' }),
      ),
  ),
  body: z.optional(z.unknown()),
  headers: z.optional(
    z.record(
      z.string().check(z.regex(/^[!#$%&'*+.^`|~\w-]+$/, { error: 'must be a header name' })),
      // What both adapters can send: node:http refuses a control character or one past
      // Latin-1, and fetch's Headers one past Latin-1, so such a rule could answer neither.
      z.string().check(
        z.regex(/^[\t\x20-\x7e\x80-\xff]*$/, {
          error: 'must be one line of Latin-1 text (encode anything else, as in RFC 8187)',
        }),
      ),
    ),
  ),
  delayMs: z.optional(delay),
  error: z.optional(z.enum(FAULT_ERRORS)),
});

/** The JSON of one fault rule, as `mock.faults.add` and `POST /__mock/faults` take it. */
export const FaultRuleSchema = FaultRuleFields.check(
  z.superRefine((rule, ctx) => {
    // One answer at most (a status or a cut connection); a delay may come before it.
    if (rule.status !== undefined && rule.error !== undefined) {
      ctx.issues.push({
        code: 'custom',
        path: [],
        input: rule,
        message: 'has status and error: give one of them (delayMs may go with either)',
      });
    } else if (
      rule.status === undefined &&
      rule.error === undefined &&
      rule.delayMs === undefined
    ) {
      ctx.issues.push({
        code: 'custom',
        path: [],
        input: rule,
        message: 'needs one effect: status, delayMs or error',
      });
    }
    for (const name of Object.keys(rule.headers ?? {})) {
      const why = RESERVED_HEADERS.get(name.toLowerCase());
      if (why) {
        ctx.issues.push({
          code: 'custom',
          path: ['headers', name],
          input: name,
          message: `${name} ${why}`,
        });
      }
    }
    for (const field of ['body', 'headers'] as const) {
      if (rule[field] !== undefined && rule.status === undefined) {
        ctx.issues.push({
          code: 'custom',
          path: [field],
          input: rule[field],
          message: `${field} goes with status only`,
        });
      }
    }
  }),
);

/**
 * One fault rule: which requests it matches and what it does to them.
 *
 * - `method`: any method when absent.
 * - `path`: after the host URL (its origin and any path prefix), exact, or a prefix when it
 *   ends in `*` (`"/api/v1/web-api/v1/orders*"`). The control endpoints are never faulted.
 * - `times`: how many matching requests it applies to; absent means until removed.
 * - `after`: how many matching requests get their normal answer (no other rule faulted
 *   them; one only delayed counts) before it applies (`after: 1` fails the second page of a
 *   pull, whatever the client fetches ahead); default 0.
 * - At most one answer: `status` (with optional `body`: JSON, or a string sent as it is, as
 *   text unless `headers` name a type; default `{"detail": "Injected fault"}`; and
 *   `headers`, never those the mock writes itself or that would misread its plain body:
 *   `Content-Length`, `Transfer-Encoding`, `Trailer`, `Content-Encoding`, `Expect`, the
 *   connection's headers, `X-Request-Id`; a 429 without a `Retry-After` of its own gets
 *   `Retry-After: 1`), or `error`:
 *   `"reset"` (close the connection without an answer; in-process a network error; the
 *   route never runs), `"truncate"` (the route runs: its answer's headers and half its body,
 *   then close) or `"stall"` (the route runs: its answer's headers, then nothing until the
 *   client gives up). A `status` or a reset changes no state; a truncated or stalled request
 *   did its work, and only its answer is lost.
 * - `delayMs`: wait this long first, in place of the `latency` option's wait; alone, the
 *   request is then answered normally. With
 *   `status`, a gateway that answers 504 after 30 s is `{ delayMs: 30000, status: 504 }`.
 * - At least one of `status`, `error` and `delayMs`.
 */
export interface FaultRule extends z.input<typeof FaultRuleSchema> {}

/** A stored rule, as `mock.faults.list()` and `GET /__mock/faults` show it. */
export const StoredFaultRuleSchema = z.extend(FaultRuleFields, {
  /** The id `remove` and `DELETE /__mock/faults/{id}` take. */
  id: z.string(),
  /** How many requests it has applied to so far. */
  matched: z.int(),
});

/** A stored rule: the rule as given plus its `id` and how many requests it has met so far. */
export interface StoredFaultRule extends z.infer<typeof StoredFaultRuleSchema> {}

/**
 * What a matching rule does to one request: its answer (`status`, or an `error`), or
 * `delay` for a rule that only delays it.
 */
export type FaultEffect = 'status' | 'delay' | (typeof FAULT_ERRORS)[number];

/**
 * Whether a request path matches a rule's or a filter's path: exact, or a prefix when the
 * pattern ends in `*`. An exact pattern is read without a trailing slash, and matches the
 * path without one: a request to `/orders/` is redirected to `/orders` by the router, so a
 * client that follows the redirect meets the rule once, on the request that is answered.
 *
 * @param pattern - `/exact/path` or `/prefix*`.
 * @param path - The request path.
 */
export function pathMatches(pattern: string, path: string): boolean {
  if (pattern.endsWith('*')) return path.startsWith(pattern.slice(0, -1));
  return path === (pattern.length > 1 && pattern.endsWith('/') ? pattern.slice(0, -1) : pattern);
}

/**
 * How deep a rule's JSON `body` may nest. Any error body a service sends is far shallower;
 * the bound keeps every later copy and serialization of the rule (the list, the answer, the
 * control endpoint's JSON) well inside the stack, wherever it runs.
 */
export const MAX_FAULT_BODY_DEPTH = 100;

/** A checked rule, and the text its `status` answer sends (undefined: the default body). */
export interface CheckedFaultRule {
  readonly rule: FaultRule;
  readonly bodyText: string | undefined;
}

/**
 * Checks a rule as the state API and the control endpoint take it.
 *
 * @param rule - Untrusted input.
 * @throws {@link MockInputError} listing every problem (422 `detail` entries).
 */
export function parseFaultRule(rule: unknown): FaultRule {
  return checkFaultRule(rule).rule;
}

/**
 * Checks a rule completely, its body serialized once: the rule then holds a copy of that JSON
 * (nothing the caller still holds), and the text is what each faulted request is sent.
 *
 * @param rule - Untrusted input.
 * @throws {@link MockInputError} listing every problem (422 `detail` entries).
 */
export function checkFaultRule(rule: unknown): CheckedFaultRule {
  const result = checkInput(FaultRuleSchema, rule);
  if (!result.success) {
    throw new MockInputError('fault rule', toValidationIssues(result.error.issues, rule));
  }
  const parsed = result.data;
  const bodyText = serializeBody(parsed.body);
  const headers = parsed.headers
    ? Object.fromEntries(Object.entries(parsed.headers).map(([k, v]) => [k.toLowerCase(), v]))
    : undefined;
  const body =
    bodyText === undefined || typeof parsed.body === 'string' ? parsed.body : JSON.parse(bodyText);
  return {
    rule: {
      ...parsed,
      ...(body !== undefined && { body }),
      ...(parsed.method && { method: parsed.method.toUpperCase() }),
      ...(headers && { headers }),
    },
    bodyText,
  };
}

// A string is sent as it is; anything else as JSON, refused (as the rule's `body`) when it
// nests too deep, contains itself, or is no JSON at all (a BigInt, a function).
function serializeBody(body: unknown): string | undefined {
  if (body === undefined || typeof body === 'string') return body;
  const refuse = (msg: string): never => {
    throw new MockInputError('fault rule', [{ loc: ['body'], msg, type: 'value_error' }]);
  };
  if (depthOver(body, MAX_FAULT_BODY_DEPTH)) {
    refuse(`nests deeper than ${MAX_FAULT_BODY_DEPTH} levels, or contains itself`);
  }
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch (error) {
    refuse(`cannot be sent as JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
  return text ?? refuse('cannot be sent as JSON');
}

// Depth first, without recursion: the input may be deeper than the stack, and a cycle is
// met again on its first branch, so it is refused after `max` steps down.
function depthOver(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  for (let top = stack.pop(); top; top = stack.pop()) {
    const [node, depth] = top;
    if (node === null || typeof node !== 'object') continue;
    if (depth >= max) return true;
    for (const inner of Object.values(node)) stack.push([inner, depth + 1]);
  }
  return false;
}

/** The effect of a checked rule: its answer, before any delay. */
export function effectOf(rule: FaultRule): FaultEffect {
  if (rule.status !== undefined) return 'status';
  return rule.error ?? 'delay';
}

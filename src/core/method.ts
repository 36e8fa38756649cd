// An endpoint declared once: method, path, input schema, output schema and retry policy.
// The resource clients call their declarations with the transport they were given; the
// declaration checks the input, builds the path and the query or body, and sends.
import type * as z from 'zod/mini';
import type { ResumeCursor } from '../errors/order-fulfillment-error.js';
import { APIPromise } from './api-promise.js';
import { INBOUND_FULFILLMENT_PATH } from './config.js';
import type { RequestOptions } from './request-options.js';
import type { RetryPolicy, Transport, TransportRequest } from './transport.js';
import { type InputLocation, inputError, parseInput } from './validate.js';

/**
 * One endpoint, as its resource declares it.
 *
 * @internal
 */
export interface MethodSpec<In extends z.ZodMiniType, Out extends z.ZodMiniType> {
  method: 'GET' | 'POST';
  /** The path, `{name}` marking a path parameter: `/orders/{order_id}/items`. */
  path: string;
  /** The schema of the query parameters, for an endpoint that takes them. */
  query?: In | undefined;
  /** The schema of the JSON body, for an endpoint that takes one. */
  body?: In | undefined;
  /** The schema the 2xx body must match. */
  output: Out;
  /** A 2xx body that is not JSON reaches `output` as `undefined` (an answer not shown). */
  anyBody?: boolean | undefined;
  retry: RetryPolicy;
}

/**
 * What one call adds to its declaration.
 *
 * @internal
 */
export interface MethodCall {
  /** Values for the path's `{name}` parameters. */
  params?: Record<string, unknown> | undefined;
  /** The caller's options: signal, timeouts, retry, headers. */
  options?: RequestOptions | undefined;
  /** In a cursor pull, where this page starts; every error the call ends with carries it. */
  cursor?: ResumeCursor | undefined;
}

/**
 * A declared endpoint: `parse` checks input (once, before any request), `send` sends input
 * already checked, `call` does both.
 *
 * @internal
 */
export interface Method<In extends z.ZodMiniType, Out extends z.ZodMiniType> {
  readonly spec: MethodSpec<In, Out>;
  /** @param also - Names the caller takes beside the input's (`prefetch`), for the hint. */
  parse(input: unknown, also?: readonly string[]): z.output<In>;
  send(transport: Transport, input: z.output<In>, call?: MethodCall): APIPromise<z.output<Out>>;
  call(transport: Transport, input: unknown, call?: MethodCall): APIPromise<z.output<Out>>;
}

// A lone UTF-16 surrogate, which no URL can carry: encodeURIComponent throws on it, and
// URLSearchParams writes U+FFFD in its place, so a cursor's `since_id` holding one would
// reach the service as another id and the pull skip the orders between the two.
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Whether a string holds a lone UTF-16 surrogate, which no URL can carry.
 *
 * @param text - The string.
 * @internal
 */
export const hasLoneSurrogate = (text: string): boolean => LONE_SURROGATE.test(text);

const notUnicode = (name: string, where: 'path' | 'query', request: RequestWhere) =>
  inputError(
    [
      {
        loc: [where, name],
        msg: 'must be well-formed Unicode: it holds a lone surrogate (U+D800 to U+DFFF), which a URL cannot carry',
        type: 'string_unicode',
      },
    ],
    request,
  );

type RequestWhere = { method: string; path: string };

// A path parameter goes in as one encoded segment, whatever it contains. Except "." and
// "..", which URL parsing resolves as path steps (encoded too): they would reach another
// endpoint, so they are refused like an empty id.
function segment(value: unknown, name: string, request: RequestWhere) {
  if (typeof value === 'string' && hasLoneSurrogate(value)) {
    throw notUnicode(name, 'path', request);
  }
  if (typeof value === 'string' && !/^\.{0,2}$/.test(value)) return encodeURIComponent(value);
  const msg =
    typeof value === 'string'
      ? `must not be ${value ? `"${value}"` : 'empty'}`
      : `expected string, received ${typeof value}`;
  throw inputError([{ loc: ['path', name], msg, type: 'invalid_type' }], request);
}

// The query as sent: every string in it carried unchanged, or refused.
function queryOf(input: unknown, request: RequestWhere): Record<string, string> {
  const query = input as Record<string, unknown>;
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string' && hasLoneSurrogate(value)) {
      throw notUnicode(name, 'query', request);
    }
  }
  // A query schema holds strings and numbers only.
  return query as Record<string, string>;
}

/**
 * Declares an endpoint once, the way Stripe's resources declare theirs.
 *
 * @param spec - Method, path, input and output schemas, retry policy.
 * @returns The endpoint, callable over any transport.
 * @internal
 */
export function declareMethod<In extends z.ZodMiniType, Out extends z.ZodMiniType>(
  spec: MethodSpec<In, Out>,
): Method<In, Out> {
  const where = { method: spec.method, path: spec.path };
  // The one endpoint outside the API's base path, and signed instead of keyed.
  const target = spec.path === INBOUND_FULFILLMENT_PATH ? 'inbound' : 'api';
  const schema = spec.query ?? spec.body;
  const location: InputLocation = spec.query ? 'query' : 'body';
  const parse = (input: unknown, also?: readonly string[]): z.output<In> =>
    schema ? parseInput(schema, input, location, where, also) : (undefined as z.output<In>);
  // Throws for a bad path parameter: each caller below turns that into a rejected promise.
  const request = (input: z.output<In>, call: MethodCall = {}): TransportRequest<Out> => ({
    method: spec.method,
    target,
    path: spec.path.replace(/\{(\w+)\}/g, (_, name: string) =>
      segment(call.params?.[name], name, where),
    ),
    searchParams: spec.query ? queryOf(input, where) : undefined,
    body: spec.body ? JSON.stringify(input) : undefined,
    output: spec.output,
    anyBody: spec.anyBody,
    retry: spec.retry,
    options: call.options,
    cursor: call.cursor,
  });
  return Object.freeze({
    spec,
    parse,
    send: (transport: Transport, input: z.output<In>, call?: MethodCall) =>
      APIPromise.attempt(() => transport.send(request(input, call))),
    call: (transport: Transport, input: unknown, call?: MethodCall) =>
      APIPromise.attempt(() => transport.send(request(parse(input), call))),
  });
}

// The transport-neutral request and response every route of the service handles, and the
// response helpers: every non-2xx answer is JSON `{"detail": ...}`. Neither msw nor node:http
// appears here; mock/handlers/index.ts and mock/server.ts adapt them to these shapes.
import type * as z from 'zod/mini';
import type { ValidationIssue } from '../../src/schemas/index.js';
import { toValidationIssues } from '../store/validation.js';

/** One request, as much of it as a route reads. */
export interface RouteRequest {
  /** Upper-case method. */
  readonly method: string;
  /** The full URL, on the service's host URL. */
  readonly url: URL;
  /**
   * A header's value (repeated headers joined with `, `), or null.
   *
   * @param name - Lower-case header name.
   */
  header(name: string): string | null;
  /** The body bytes exactly as received; empty for GET and HEAD. */
  readonly body: Uint8Array;
  /** The address the request came from (socket address, or the in-process `clientIp`). */
  readonly clientIp: string;
}

/** One answer. The body is always JSON, as text or as UTF-8 bytes. */
export interface RouteResponse {
  readonly status: number;
  /** Extra headers, lower-case names (Content-Type and Content-Length are the adapter's). */
  readonly headers?: Readonly<Record<string, string>>;
  readonly body: string | Uint8Array;
}

/**
 * The length of a response body in bytes.
 *
 * @param response - The answer.
 */
export function bodyLength(response: RouteResponse): number {
  const { body } = response;
  return typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
}

/**
 * A JSON response.
 *
 * @param body - Serialized with JSON.stringify.
 * @param status - Default 200.
 * @param headers - Extra headers, lower-case names.
 */
export function json(body: unknown, status = 200, headers?: Record<string, string>): RouteResponse {
  return { status, headers, body: JSON.stringify(body) };
}

/**
 * A JSON response from UTF-8 bytes that are already serialized.
 *
 * @param bytes - The JSON body.
 * @param status - Default 200.
 */
export function jsonBytes(bytes: Uint8Array, status = 200): RouteResponse {
  return { status, body: bytes };
}

/**
 * An error response with a sentence as `detail`.
 *
 * @param status - The HTTP status.
 * @param detail - What went wrong, for a person.
 * @param headers - Extra headers, lower-case names (for example `retry-after`).
 */
export function fail(
  status: number,
  detail: string,
  headers?: Record<string, string>,
): RouteResponse {
  return json({ detail }, status, headers);
}

/**
 * A 422 response listing every problem.
 *
 * @param issues - The `detail` entries.
 */
export function unprocessable(issues: ValidationIssue[]): RouteResponse {
  return json({ detail: issues }, 422);
}

const utf8 = new TextDecoder();

/**
 * The body as text, decoded as fetch's `Request.text()` does (UTF-8, a BOM dropped, invalid
 * bytes replaced).
 *
 * @param request - The request.
 */
export function bodyText(request: RouteRequest): string {
  return utf8.decode(request.body);
}

/**
 * Parses a request body as JSON, reporting failure as pydantic's `json_invalid` issue.
 *
 * @param text - The raw body text.
 */
export function parseJsonBody(
  text: string,
): { ok: true; value: unknown } | { ok: false; response: RouteResponse } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return {
      ok: false,
      response: unprocessable([
        {
          loc: ['body'],
          msg: `JSON decode error: ${error instanceof Error ? error.message : 'invalid JSON'}`,
          type: 'json_invalid',
        },
      ]),
    };
  }
}

/**
 * Validates a parsed body with a schema; `loc` entries start with `body`.
 *
 * @param schema - A zod schema.
 * @param value - The parsed body.
 */
export function parseWith<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
): { ok: true; value: z.infer<S> } | { ok: false; response: RouteResponse } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, response: unprocessable(toValidationIssues(result.error.issues, 'body')) };
}

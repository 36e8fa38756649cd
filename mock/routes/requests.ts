// The transport-neutral request and response every route of the service handles, and how a
// route reads a request body. Neither msw nor node:http appears here; the adapters in
// mock/adapters/ turn their requests into these shapes.
import type * as z from 'zod/mini';
import { checkInput, toValidationIssues } from '../store/input-checks.js';
import { unprocessable } from './responses.js';

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

/** One answer. The body is always JSON text. */
export interface RouteResponse {
  /** The HTTP status. */
  readonly status: number;
  /** Extra headers, lower-case names (the adapters add Content-Type and Content-Length). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The JSON body. */
  readonly body: string;
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
  const result = checkInput(schema, value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, response: unprocessable(toValidationIssues(result.error.issues, 'body')) };
}

/** A body read and checked, or the 422 to answer with. */
export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: RouteResponse };

/**
 * Reads a JSON body and, given a schema, checks it: the one read-JSON-or-422 step of every
 * route that takes a body.
 *
 * @param request - The request.
 * @param schema - Checks the parsed body; `loc` entries start with `body`.
 * @param emptyAs - What an empty body stands for (the control endpoints take none as `{}`).
 */
export function readJsonBody<S extends z.ZodMiniType>(
  request: RouteRequest,
  schema?: S,
  emptyAs?: string,
): BodyResult<z.infer<S>> {
  const text = bodyText(request);
  const body = parseJsonBody(emptyAs !== undefined && text.trim() === '' ? emptyAs : text);
  if (!body.ok) return body;
  return schema === undefined
    ? { ok: true, value: body.value as z.infer<S> }
    : parseWith(schema, body.value);
}

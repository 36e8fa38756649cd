// Response helpers shared by the handlers: every non-2xx answer is JSON `{"detail": ...}`,
// and no exception escapes a handler as a bare 500.
import { HttpResponse, type HttpResponseResolver } from 'msw';
import type * as z from 'zod/mini';
import type { ValidationIssue } from '../../src/schemas/index.js';
import { toValidationIssues } from '../validation.js';

/**
 * A JSON response.
 *
 * @param body - Serialized with JSON.stringify.
 * @param status - Default 200.
 * @param headers - Extra headers.
 */
export function json(body: unknown, status = 200, headers?: Record<string, string>): Response {
  return HttpResponse.json(body as never, { status, headers: headers ?? {} });
}

/**
 * A JSON response from text that is already serialized.
 *
 * @param text - The JSON body.
 * @param status - Default 200.
 */
export function jsonText(text: string, status = 200): Response {
  return new HttpResponse(text, {
    status,
    headers: {
      'Content-Type': 'application/json',
      'Content-Length': String(Buffer.byteLength(text)),
    },
  });
}

/**
 * An error response with a sentence as `detail`.
 *
 * @param status - The HTTP status.
 * @param detail - What went wrong, for a person.
 * @param headers - Extra headers (for example `Retry-After`).
 */
export function fail(status: number, detail: string, headers?: Record<string, string>): Response {
  return json({ detail }, status, headers);
}

/**
 * A 422 response listing every problem.
 *
 * @param issues - The `detail` entries.
 */
export function unprocessable(issues: ValidationIssue[]): Response {
  return json({ detail: issues }, 422);
}

/**
 * Parses a request body as JSON, reporting failure as pydantic's `json_invalid` issue.
 *
 * @param text - The raw body text.
 */
export function parseJsonBody(
  text: string,
): { ok: true; value: unknown } | { ok: false; response: Response } {
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
): { ok: true; value: z.infer<S> } | { ok: false; response: Response } {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, response: unprocessable(toValidationIssues(result.error.issues, 'body')) };
}

/** What msw passes a resolver: the request, its path params, cookies. */
export type ResolverInfo = Parameters<HttpResponseResolver>[0];

/**
 * Wraps a resolver so an unexpected exception becomes a JSON 500, never an HTML page or a
 * dropped connection.
 *
 * @param resolver - The handler's resolver.
 */
export function guarded(
  resolver: (info: ResolverInfo) => Promise<Response> | Response,
): HttpResponseResolver {
  return async (info) => {
    try {
      return await resolver(info);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return fail(500, `Internal error in the mock service: ${reason}`);
    }
  };
}

/**
 * A path parameter as one string (msw gives arrays for repeated wildcards).
 *
 * @param value - `params.name`.
 */
export function param(value: string | readonly string[] | undefined): string {
  return typeof value === 'string' ? value : (value?.[0] ?? '');
}

// The transport-neutral request and response every route of the service handles, and how a
// route reads a request body. Neither msw nor node:http appears here; the adapters in
// mock/adapters/ turn their requests into these shapes.
import type * as z from 'zod/mini';
import { checkInput, describeJsonError, toValidationIssues } from '../store/input-checks.js';
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

/** One answer. The body is always JSON. */
export interface RouteResponse {
  /** The HTTP status. */
  readonly status: number;
  /** Extra headers, lower-case names (the adapters add Content-Type and Content-Length). */
  readonly headers?: Readonly<Record<string, string>>;
  /** The JSON body: text, or UTF-8 bytes (a list page, built from cached bytes). */
  readonly body: string | Uint8Array;
}

/**
 * Whether a `Content-Type` names JSON the way FastAPI reads it for a model body: the media
 * type `application/json` or `application/<anything>+json`, in any case, parameters such as
 * `charset` ignored. A value that is not one `type/subtype` counts as `text/plain`, as
 * Python's `email.message` reads it.
 *
 * @param value - The header's value, or null when absent.
 */
function isJsonContentType(value: string | null): boolean {
  const mediaType = (value ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  const parts = mediaType.split('/');
  if (parts.length !== 2) return false;
  const [type, subtype = ''] = parts;
  return type === 'application' && (subtype === 'json' || subtype.endsWith('+json'));
}

// What FastAPI answers when the body is not read as JSON: the raw bytes reach the model,
// which refuses anything but an object. The message adds the cause pydantic cannot know.
function notJson(contentType: string | null): RouteResponse {
  const sent = contentType === null ? 'no Content-Type' : `Content-Type ${contentType}`;
  return unprocessable([
    {
      loc: ['body'],
      msg:
        'Input should be a valid dictionary or object to extract fields from: the body is read ' +
        `as JSON only with Content-Type application/json (or application/*+json), and this request sent ${sent}`,
      type: 'model_attributes_type',
    },
  ]);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

// Parses a request body as JSON, reporting failure in the shape of FastAPI's `json_invalid`
// issue: its `msg`, an empty `input`, and the parser's reason as `ctx.error` (the runtime's
// words where FastAPI has Python's, without the body, which may hold a secret).
function parseJsonBody(
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
          msg: 'JSON decode error',
          type: 'json_invalid',
          input: {},
          ctx: { error: describeJsonError(error) },
        },
      ]),
    };
  }
}

// Validates a parsed body with a schema; `loc` entries start with `body`.
function parseWith<S extends z.ZodMiniType>(
  schema: S,
  value: unknown,
): { ok: true; value: z.infer<S> } | { ok: false; response: RouteResponse } {
  const result = checkInput(schema, value);
  if (result.success) return { ok: true, value: result.data };
  return {
    ok: false,
    response: unprocessable(toValidationIssues(result.error.issues, value, 'body')),
  };
}

/** A body read and checked, or the 422 to answer with. */
export type BodyResult<T> = { ok: true; value: T } | { ok: false; response: RouteResponse };

/**
 * Reads a JSON body and, given a schema, checks it: the one read-JSON-or-422 step of every
 * route that takes a body, as FastAPI reads a model body. No body is 422 `missing`, unless
 * `emptyAs` says what it stands for (a blank one too); a body is read as JSON only under a
 * JSON `Content-Type` ({@link isJsonContentType}), else 422 `model_attributes_type`; then
 * it must be UTF-8 and JSON (422 `json_invalid`) and pass the schema.
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
  const empty = request.body.length === 0;
  if (empty && emptyAs === undefined) {
    return {
      ok: false,
      response: unprocessable([{ loc: ['body'], msg: 'Field required', type: 'missing' }]),
    };
  }
  const contentType = request.header('content-type');
  if (!empty && !isJsonContentType(contentType)) {
    return { ok: false, response: notJson(contentType) };
  }
  let text: string;
  try {
    text = utf8.decode(request.body);
  } catch {
    return {
      ok: false,
      response: unprocessable([
        { loc: ['body'], msg: 'The body is not valid UTF-8', type: 'json_invalid' },
      ]),
    };
  }
  const body = parseJsonBody(emptyAs !== undefined && text.trim() === '' ? emptyAs : text);
  if (!body.ok) return body;
  return schema === undefined
    ? { ok: true, value: body.value as z.infer<S> }
    : parseWith(schema, body.value);
}

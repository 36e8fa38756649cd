// Headers from whatever a framework hands over: a Fetch `Headers`, a plain object, or
// node:http's `IncomingHttpHeaders` (lower-case keys, some values arrays), read as `Headers`.

/**
 * Request headers as a Fetch `Headers`, a plain object or Node's `IncomingHttpHeaders`.
 *
 * @example
 * ```ts
 * const headers: HeadersLike = req.headers; // or request.headers, or { 'X-Webhook-Signature': value }
 * ```
 */
export type HeadersLike =
  | Headers
  | Readonly<Record<string, string | readonly string[] | undefined | null>>;

/**
 * The headers as a Fetch `Headers`: a `Headers` as it is; an object's values appended one by
 * one, node's arrays too, names in any case. HTTP/2 pseudo-headers (`:path`), missing values
 * and entries Fetch cannot hold (a malformed name or value) are left out.
 */
export function toHeaders(headers: HeadersLike): Headers {
  if (typeof (headers as Headers).get === 'function') return headers as Headers;
  const fetchHeaders = new Headers();
  for (const [name, value] of Object.entries(headers as Record<string, unknown>)) {
    if (value == null || name.startsWith(':')) continue;
    for (const one of Array.isArray(value) ? value : [value]) {
      try {
        fetchHeaders.append(name, String(one));
      } catch {
        // Not a header a Fetch request could carry: as if it were absent.
      }
    }
  }
  return fetchHeaders;
}

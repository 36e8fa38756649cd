// Reading one header from whatever a framework hands over: a Fetch `Headers`, a plain
// object, or node:http's `IncomingHttpHeaders` (lower-case keys, some values arrays).

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

/** The header called `name` (any case); every value when an object holds several. */
export function headerValue(headers: HeadersLike, name: string): string | string[] | undefined {
  if (typeof (headers as Headers).get === 'function') {
    return (headers as Headers).get(name) ?? undefined;
  }
  const wanted = name.toLowerCase();
  const values: string[] = [];
  for (const [key, value] of Object.entries(headers as Record<string, unknown>)) {
    if (key.toLowerCase() !== wanted || value == null) continue;
    if (typeof value === 'string') values.push(value);
    else if (Array.isArray(value)) values.push(...value.map(String));
  }
  if (values.length === 0) return undefined;
  return values.length === 1 ? values[0] : values;
}

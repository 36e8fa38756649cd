// An answer that is a web page: what a proxy, a load balancer, a firewall or a web app's
// fallback route sends, never the service, which answers in JSON (FastAPI writes its errors
// as `{"detail": ...}` too). Such an answer says nothing about the request's order or key.

/** What a message adds about an HTML page taken for the service's answer. */
export const HTML_PAGE_HINT =
  "the body is an HTML page, not the service's answer: is hostUrl the service's address, or did a proxy answer?";

/** What a message adds about an error answered in plain text (Traefik's `404 page not found`). */
export const TEXT_BODY_HINT =
  "the body is not JSON, so not the service's answer: is hostUrl the service's address, or did a proxy answer?";

/**
 * Whether a body is an HTML page: text that starts with a tag, or sent as HTML.
 *
 * @param body - The body: the text, or what JSON parsing made of it (never a page).
 * @param headers - The answer's headers, for its `Content-Type`.
 * @internal
 */
export function isHtmlPage(body: unknown, headers: Headers | undefined): boolean {
  return (
    typeof body === 'string' &&
    (/^\s*</.test(body) || /html/i.test(headers?.get('content-type') ?? ''))
  );
}

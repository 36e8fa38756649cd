// The headers a fault rule may not set (fault-rule.ts refuses them; the control OpenAPI
// document states them): those an answer's sender writes itself, or that say how to read a
// body the mock sends plain. Either transport would drop, contradict or act on the rule's
// value, so the rule would not do what it says, and not the same way in-process and over HTTP
// (node:http sends a Content-Length or Transfer-Encoding of a rule's beside a body framed
// otherwise, leaving bytes on a kept-alive connection, and throws at a Trailer, while fetch
// in-process frames the body itself; a Content-Encoding fails msw's decoding, undici's, or
// none, by transport).
const FRAMING = 'frames the answer, which the mock does itself from the body it sends';

/**
 * The header names a rule may not set, in lower case (compared case-insensitively), each
 * with why.
 *
 * @internal
 */
export const RESERVED_HEADERS: ReadonlyMap<string, string> = new Map([
  ['content-length', `${FRAMING} (error "truncate" cuts a body short)`],
  ['transfer-encoding', FRAMING],
  ['trailer', `${FRAMING}, whole and without trailers (node:http refuses one beside its length)`],
  [
    'content-encoding',
    'says the body is encoded, which the mock never does: each transport would fail its own way to decode the plain body',
  ],
  [
    'expect',
    "is a request's header, on which node:http acts in an answer too (it sends the head early, as UTF-8 where the mock sends Latin-1)",
  ],
  ...['connection', 'keep-alive', 'proxy-connection', 'te', 'upgrade'].map(
    (name) =>
      [name, 'belongs to the connection, which the HTTP server runs, not to the answer'] as const,
  ),
  [
    'x-request-id',
    "names every answer after its journal entry's requestId, so a rule cannot set it",
  ],
]);

/**
 * The header names a rule may not set, in lower case (compared case-insensitively): what the
 * control document states of them.
 *
 * @internal
 */
export const RESERVED_HEADER_NAMES: readonly string[] = [...RESERVED_HEADERS.keys()];

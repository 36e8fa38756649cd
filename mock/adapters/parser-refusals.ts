// What node:http's parser refuses before a request reaches the service, and how the service
// answers it: the same status, with the JSON `detail` every non-2xx answer carries. Over HTTP
// the parser itself refuses the bytes (node.ts); in-process nothing parses a fetch Request, so
// fetch.ts asks here whether the parser would have refused it, and both transports answer alike.
// uvicorn's parsers refuse the same requests (httptools is llhttp; h11 has a like limit).
import { METHODS, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { RouteResponse } from '../routes/requests.js';

// What node:http would answer a request it cannot parse, by the parser's error code.
const CLIENT_ERRORS: Readonly<Record<string, readonly [number, string]>> = {
  HPE_HEADER_OVERFLOW: [431, 'Request header fields too large (over 16 KB)'],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, 'Chunk extensions too large'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'Request timeout'],
};

// The service's answer to a request the parser refused with this code.
function refusal(code: string | undefined): RouteResponse {
  const [status, detail] = CLIENT_ERRORS[code ?? ''] ?? [
    400,
    `Malformed HTTP request${code ? ` (${code})` : ''}`,
  ];
  return { status, body: JSON.stringify({ detail }) };
}

/**
 * Answers a request node:http could not parse (header too large, broken chunked encoding,
 * unknown method, ...). Node's own answer has an empty body; every non-2xx answer of the
 * service carries a JSON `detail`, so this writes the same status with one, then closes the
 * connection (the rest of the stream cannot be trusted).
 *
 * @param error - The parser's error (its `code` names what was wrong).
 * @param socket - The connection it came on.
 * @param requestId - The id the answer carries (no journal entry has it).
 */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Duplex,
  requestId: string,
): void {
  // Once the response of this socket's request has begun, another status line would corrupt
  // it (node's default handler checks the same, through the private `_httpMessage`).
  const pending = (socket as { _httpMessage?: ServerResponse })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || pending?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, body } = refusal(error.code);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      'content-type: application/json\r\n' +
      `x-request-id: ${requestId}\r\n` +
      `content-length: ${Buffer.byteLength(body)}\r\n` +
      'connection: close\r\n\r\n' +
      body,
  );
}

// The methods node:http's parser takes, exactly as written: fetch upper-cases only DELETE,
// GET, HEAD, OPTIONS, POST and PUT, so `patch` reaches a server as sent, and is refused.
const PARSED_METHODS: ReadonlySet<string> = new Set(METHODS);

// How many bytes of a request's target and headers node:http's parser reads (its default
// `maxHeaderSize`; h11, uvicorn's other parser, stops at 16 KB too). It counts the target and
// each header's name and value, not the method, the separators or the line ends, and refuses
// a request once they reach the limit.
const MAX_HEADER_BYTES = 16 * 1024;

/**
 * The answer node:http's parser would have given this request instead of passing it on, if
 * any: 400 for a method it does not take, 431 for a target and headers of 16 KB or more. The
 * service never sees such a request: no journal entry, no fault rule, no change. Only the
 * headers the request carries count: a client over HTTP adds its own (`Host`, `User-Agent`,
 * ...), a few hundred bytes more.
 *
 * @param request - The request as fetch would send it.
 * @param url - Its URL, parsed.
 */
export function parserRefusal(request: Request, url: URL): RouteResponse | undefined {
  if (!PARSED_METHODS.has(request.method)) return refusal('HPE_INVALID_METHOD');
  // Header values are Latin-1 (a byte per character), a target's path and query ASCII.
  let size = url.pathname.length + url.search.length;
  for (const [name, value] of request.headers) size += name.length + value.length;
  return size >= MAX_HEADER_BYTES ? refusal('HPE_HEADER_OVERFLOW') : undefined;
}

// Request bodies over MAX_BODY_BYTES are refused with 413, as a proxy in front of the service
// would, in both transports: by a declared Content-Length before any of the body is read,
// else once the bytes read pass the limit. The service never sees such a request: no journal
// entry, no state change. Over HTTP the connection closes after the answer.
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMockService, MOCK_API_KEY, REQUEST_ID_HEADER } from '../../../mock/index.js';
import { MAX_BODY_BYTES } from '../../../mock/routes/intake.js';
import { TRANSPORTS, useMock } from '../../support/mock.js';
import { rawExchange } from '../../support/raw-http.js';

const SUBSCRIPTION = { url: 'http://127.0.0.1:9/h', events: ['order.created'] };

// A subscription padded with trailing whitespace (still JSON) to exactly `bytes` bytes.
function padded(bytes: number): string {
  const json = JSON.stringify(SUBSCRIPTION);
  return json + ' '.repeat(bytes - json.length);
}

// The same text as a stream, so no Content-Length is sent (chunked over HTTP).
function streamed(text: string): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  return new ReadableStream({
    start(controller) {
      for (let at = 0; at < bytes.length; at += 65_536) {
        controller.enqueue(bytes.subarray(at, at + 65_536));
      }
      controller.close();
    },
  });
}

describe.each(TRANSPORTS)('the request body limit (%s)', (transport) => {
  const { start } = useMock(transport);

  it.each([
    ['declared by Content-Length', (text: string) => text],
    ['sent without a length', streamed],
  ])('refuses a body one byte over, %s, with 413 and changes nothing', async (_, as) => {
    const target = await start({ orders: 1 });
    // With the key and without one: an unauthenticated body is not read either.
    for (const key of [{ 'x-api-key': MOCK_API_KEY }, {}]) {
      const headers = { 'content-type': 'application/json', ...key };
      const response = await fetch(`${target.baseUrl}/webhooks`, {
        method: 'POST',
        headers,
        body: as(padded(MAX_BODY_BYTES + 1)),
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(413);
      expect(response.headers.get(REQUEST_ID_HEADER)).toMatch(/^req_\d+$/);
      expect(await response.json()).toEqual({
        detail: `Request body too large: the limit is ${MAX_BODY_BYTES} bytes (1 MiB)`,
      });
    }
    expect(target.mock.subscriptions).toEqual([]);
    expect(target.mock.requests).toEqual([]);
    expect((await target.call('/orders')).status).toBe(200);
  });

  it('takes a body of exactly the limit, sent either way', async () => {
    const target = await start();
    for (const body of [padded(MAX_BODY_BYTES), streamed(padded(MAX_BODY_BYTES))]) {
      const response = await fetch(`${target.baseUrl}/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': MOCK_API_KEY },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(response.status).toBe(201);
    }
    expect(target.mock.subscriptions).toHaveLength(2);
    expect(target.mock.requests.map((entry) => entry.body.length)).toEqual([
      MAX_BODY_BYTES,
      MAX_BODY_BYTES,
    ]);
  });
});

describe('the request body limit over HTTP', () => {
  const head = (port: number, framing: string) =>
    `POST /api/v1/web-api/v1/webhooks HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\n` +
    `content-type: application/json\r\n${framing}\r\n\r\n`;
  const chunk = (bytes: number) =>
    Buffer.concat([
      Buffer.from(`${bytes.toString(16)}\r\n`),
      Buffer.alloc(bytes, 32),
      Buffer.from('\r\n'),
    ]);

  it.each([
    [
      'a declared length over the limit, before any of the body',
      'content-length: 104857600',
      Buffer.alloc(0),
    ],
    [
      'a chunked body once it passes the limit',
      'transfer-encoding: chunked',
      chunk(MAX_BODY_BYTES + 1),
    ],
  ])('answers %s with 413, then closes the connection', async (_, framing, part) => {
    const mock = createMockService();
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const port = Number(new URL(running.hostUrl).port);
    const answer = await rawExchange(port, head(port, framing), part);
    const [status, ...lines] = answer.split('\r\n\r\n')[0]?.split('\r\n') ?? [];
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(lines).toEqual(
      expect.arrayContaining([
        'connection: close',
        expect.stringMatching(/^x-request-id: req_\d+$/),
      ]),
    );
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toMatchObject({
      detail: expect.stringMatching(/too large/),
    });
    expect(mock.requests).toEqual([]);
    expect(mock.subscriptions).toEqual([]);
  });

  // curl sends `Expect: 100-continue` with a body over 1 MiB and waits for the 100 before it
  // uploads: a 413 in its place spares the upload, as a proxy answers it.
  it('answers Expect: 100-continue with the 413 instead of 100 when the declared length is over', async () => {
    const mock = createMockService();
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const port = Number(new URL(running.hostUrl).port);
    const framing = `content-length: ${MAX_BODY_BYTES + 1}\r\nexpect: 100-continue\r\nx-api-key: ${MOCK_API_KEY}`;
    const answer = await rawExchange(port, head(port, framing));
    const [status, ...lines] = answer.split('\r\n\r\n')[0]?.split('\r\n') ?? [];
    expect(status).toBe('HTTP/1.1 413 Payload Too Large');
    expect(answer).not.toContain('100 Continue');
    expect(lines).toEqual(
      expect.arrayContaining([
        'connection: close',
        'content-type: application/json',
        expect.stringMatching(/^x-request-id: req_\d+$/),
      ]),
    );
    expect(JSON.parse(answer.split('\r\n\r\n')[1] ?? '')).toEqual({
      detail: `Request body too large: the limit is ${MAX_BODY_BYTES} bytes (1 MiB)`,
    });
    expect(mock.requests).toEqual([]);
    expect(mock.subscriptions).toEqual([]);
  });

  // A body within the limit: 100 first for `100-continue`. uvicorn acts on that expectation
  // only and serves a request with any other; node alone would answer that 417, with no JSON
  // detail and no request id.
  it.each([
    ['100-continue', /^HTTP\/1\.1 100 Continue\r\n\r\nHTTP\/1\.1 201 Created\r\n/],
    ['something-else', /^HTTP\/1\.1 201 Created\r\n/],
  ])('serves a body within the limit sent with Expect: %s', async (expectation, start) => {
    const mock = createMockService();
    const running = await mock.listen();
    onTestFinished(() => running.close());
    const port = Number(new URL(running.hostUrl).port);
    const body = JSON.stringify(SUBSCRIPTION);
    const framing =
      `content-length: ${body.length}\r\nexpect: ${expectation}\r\n` +
      `x-api-key: ${MOCK_API_KEY}\r\nconnection: close`;
    const answer = await rawExchange(port, head(port, framing), body);
    expect(answer).toMatch(start);
    expect(answer.toLowerCase()).toMatch(/\r\nx-request-id: req_\d+\r\n/);
    expect(mock.subscriptions).toMatchObject([SUBSCRIPTION]);
    expect(mock.requests.map((entry) => [entry.status, entry.body])).toEqual([[201, body]]);
  });
});

// createWebhookHandler and toNodeListener on a compressed delivery: the body is decoded as its
// Content-Encoding says before the signature is checked, bounded by maxBodyBytes once
// decoded, and refused with a reason when it cannot be decoded.
import { Readable } from 'node:stream';
import { deflateSync, gzipSync } from 'node:zlib';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  type SignatureVerificationError,
  signWmsPayload,
  toNodeListener,
  WebhookBodyConsumedError,
  WebhookEncodingError,
  type WebhookHandlerOptions,
  type WebhookPayloadError,
} from '../../src/index.js';
import { spiedHandler } from '../support/signed-delivery.js';

const secret = 'whsec_encoding_test';
const order = { id: '1042', updated_at: '2026-11-22T10:00:00Z' };
const event = JSON.stringify({ id: 'evt_enc_1', type: 'order.updated', data: { order } });
const signature = signWmsPayload(event, secret);
const headers = (encoding?: string): Record<string, string> => ({
  'content-type': 'application/json',
  'x-webhook-signature': signature,
  ...(encoding === undefined ? {} : { 'content-encoding': encoding }),
});

// The delivery of `event`, signed over its JSON, its body coded as `encoding` says.
function delivery(body: BodyInit | Uint8Array, encoding?: string): Request {
  return new Request('https://wms.example.com/hooks/orders', {
    method: 'POST',
    headers: headers(encoding),
    // A Buffer's memory may be a pooled ArrayBufferLike, which BodyInit's typing leaves out.
    body: body as BodyInit,
    duplex: 'half',
  } as RequestInit);
}

const receiver = (options: Partial<WebhookHandlerOptions> = {}) => spiedHandler(secret, options);

async function answer(response: Response) {
  return [response.status, await response.text()];
}

// A body streamed chunk by chunk, counting how many were asked for, and whether the rest was
// cancelled; `delay` lets the receiver read what it was sent before the next chunk comes.
function streamed(chunks: () => Uint8Array | undefined, delay = 0) {
  const seen = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
        const chunk = chunks();
        if (!chunk) return controller.close();
        seen.pulled++;
        controller.enqueue(chunk);
      },
      cancel() {
        seen.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, seen };
}

const coded: [string, Uint8Array | string][] = [
  ['gzip', gzipSync(event)],
  ['x-gzip', gzipSync(event)],
  ['deflate', deflateSync(event)],
  ['GZip, identity', gzipSync(event)],
  ['deflate, gzip', gzipSync(deflateSync(event))],
];

describe('createWebhookHandler on a compressed delivery', () => {
  it('tells onRejected of a body it cannot decode with a WebhookEncodingError, beside the errors it had', () => {
    type Rejected = Parameters<NonNullable<WebhookHandlerOptions['onRejected']>>[0];
    expectTypeOf<Rejected>().toEqualTypeOf<
      SignatureVerificationError | WebhookPayloadError | WebhookEncodingError
    >();
    expectTypeOf<Rejected['reason']>().toExtend<string>();
  });

  it.each(coded)(
    'verifies and handles a body sent as Content-Encoding: %s',
    async (coding, body) => {
      const { handler, handled, onRejected } = receiver();
      expect(await answer(await handler(delivery(body, coding)))).toEqual([200, 'ok']);
      expect(handled).toHaveBeenCalledWith(expect.objectContaining({ id: 'evt_enc_1' }));
      expect(onRejected).not.toHaveBeenCalled();
    },
  );

  it('refuses 413 a gzip bomb under maxBodyBytes as sent but over it once inflated, reading no further', async () => {
    const { handler, handled } = receiver();
    // One member (Node 24 and later refuse what follows a first), 64 MiB of zeros in about
    // 64 KB, sent a kilobyte at a time.
    const bomb = gzipSync(Buffer.alloc(64 << 20));
    let at = 0;
    const { body, seen } = streamed(() => {
      if (at >= bomb.length) return undefined;
      at += 1024;
      return bomb.subarray(at - 1024, at);
    }, 5);
    expect(await answer(await handler(delivery(body, 'gzip')))).toEqual([413, 'payload too large']);
    await vi.waitFor(() => expect(seen.cancelled).toBe(true));
    expect(seen.pulled).toBeLessThan(bomb.length / 1024 / 2);
    expect(handled).not.toHaveBeenCalled();
  });

  it('refuses 413 a coded body that passes maxBodyBytes as sent, though it decodes to nothing', async () => {
    const { handler } = receiver({ maxBodyBytes: 1000 });
    // A zlib header, then empty stored blocks without end: valid deflate that inflates to nothing.
    const empty = Uint8Array.of(0, 0, 0, 0xff, 0xff);
    let blocks = 20_000;
    const { body, seen } = streamed(() =>
      blocks-- === 20_000 ? Uint8Array.of(0x78, 0x9c) : blocks > 0 ? empty : undefined,
    );
    expect(await answer(await handler(delivery(body, 'deflate')))).toEqual([
      413,
      'payload too large',
    ]);
    expect(seen.pulled).toBeLessThan(1000);
  });

  it.each([
    ['compress', 'compress'],
    ['zstd', 'zstd'],
    ['gzip, gzip, gzip', 'gzip, gzip, gzip'],
    ['gzip, compress', 'compress'],
  ])(
    'answers 415 to Content-Encoding: %s, naming it, without reading the body',
    async (coding, named) => {
      const { handler, handled, onRejected } = receiver();
      const { body, seen } = streamed(() => gzipSync(event));
      const response = await handler(delivery(body, coding));
      expect(await answer(response)).toEqual([415, `unsupported_encoding: ${named}`]);
      expect(response.headers.get('accept-encoding')).toMatch(/^gzip, deflate\b/);
      expect(seen.pulled).toBe(0);
      expect(handled).not.toHaveBeenCalled();
      expect(onRejected).toHaveBeenCalledOnce();
      const [error] = onRejected.mock.calls[0] as [WebhookEncodingError];
      expect(error).toBeInstanceOf(WebhookEncodingError);
      expect([error.reason, error.encoding]).toEqual(['unsupported_encoding', named]);
      expect(error.message).toContain(named);
    },
  );

  it('answers br as it answers gzip where DecompressionStream has brotli, else 415', async () => {
    const { handler } = receiver();
    const brotli = (() => {
      try {
        return Boolean(new DecompressionStream('brotli' as CompressionFormat));
      } catch {
        return false;
      }
    })();
    const response = await handler(delivery('not brotli', 'br'));
    expect(await answer(response)).toEqual(
      brotli ? [400, 'invalid_encoding: br'] : [415, 'unsupported_encoding: br'],
    );
  });

  it.each([
    ['not gzip data', 'not gzip at all'],
    ['cut short', gzipSync(event).subarray(0, 40)],
    ['sent uncompressed', event],
  ])('answers 400 to a gzip body %s, and tells onRejected, not onError', async (_, body) => {
    const { handler, handled, onRejected, onError } = receiver();
    expect(await answer(await handler(delivery(body, 'gzip')))).toEqual([
      400,
      'invalid_encoding: gzip',
    ]);
    expect(handled).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
    const [error] = onRejected.mock.calls[0] as [WebhookEncodingError];
    expect(error).toBeInstanceOf(WebhookEncodingError);
    expect([error.reason, error.encoding]).toEqual(['invalid_encoding', 'gzip']);
    expect(error.message).toMatch(/^The body is not valid gzip data/);
    const everything = JSON.stringify({ ...error, message: error.message, stack: error.stack });
    for (const hidden of [secret, signature.split('v1=')[1] as string]) {
      expect(everything).not.toContain(hidden);
    }
  });
});

// A request as node:http hands it over, its body in the chunks given.
function nodeRequest(chunks: Uint8Array[], encoding?: string) {
  return Object.assign(Readable.from(chunks.map((chunk) => Buffer.from(chunk))), {
    method: 'POST',
    url: '/hooks/orders',
    headers: headers(encoding),
  });
}

function response() {
  const res = {
    statusCode: 0,
    body: '',
    setHeader: () => undefined,
    end(body?: Uint8Array) {
      res.body = Buffer.from(body ?? []).toString('utf8');
    },
  };
  return res;
}

describe('toNodeListener on a compressed delivery', () => {
  it.each([
    ['gzip', gzipSync(event)],
    ['deflate', deflateSync(event)],
  ])('decodes a %s body streamed in pieces', async (coding, body) => {
    const { handler, handled } = receiver();
    const res = response();
    const pieces = [body.subarray(0, 10), body.subarray(10, 30), body.subarray(30)];
    await toNodeListener(handler)(nodeRequest(pieces, coding), res);
    expect(res).toMatchObject({ statusCode: 200, body: 'ok' });
    expect(handled).toHaveBeenCalledOnce();
  });

  it.each([
    ['express.raw() left in req.body', 'body'],
    ['NestJS’s rawBody: true left in req.rawBody', 'rawBody'],
  ])('takes the inflated bytes %s as decoded, though Content-Encoding stays', async (_, kept) => {
    const { handler, handled } = receiver();
    const req = nodeRequest([gzipSync(event)], 'gzip');
    for await (const _chunk of req);
    const res = response();
    await toNodeListener(handler)(Object.assign(req, { [kept]: Buffer.from(event) }), res);
    expect(res).toMatchObject({ statusCode: 200, body: 'ok' });
    expect(handled).toHaveBeenCalledOnce();
  });

  it('still answers 500 for a gzip body a JSON parser consumed, not 400 for bad gzip', async () => {
    const { handler, onError, onRejected } = receiver();
    const req = nodeRequest([gzipSync(event)], 'gzip');
    for await (const _chunk of req);
    const res = response();
    await toNodeListener(handler)(Object.assign(req, { body: JSON.parse(event) }), res);
    expect(res.statusCode).toBe(500);
    expect(onError.mock.calls[0]?.[0]).toBeInstanceOf(WebhookBodyConsumedError);
    expect(onRejected).not.toHaveBeenCalled();
  });
});

// The secrets filter of the log and of the errors (src/core/redact.ts): a key or signature
// found however an encoder wrote it, before a body is cut, and in every line written.
import { createClient, type Logger } from 'order-fulfillment-sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure } from '../support/failure.js';
import { clientOver, fakeFetch, HOST, json, KEY } from '../support/fake-fetch.js';

const SIGNATURE = `t=1795791978,v1=${'b6a219bf'.repeat(8)}`;

// A logger that keeps every line, whatever its level.
function recorder() {
  const lines: string[] = [];
  const write = (line: string) => lines.push(line);
  const logger: Logger = { debug: write, info: write, warn: write, error: write };
  return { logger, text: () => lines.join('\n'), lines };
}

// Every line a client with `apiKey` at debug writes when its products.list is answered `body`.
async function debugLines(body: string, apiKey = KEY): Promise<string> {
  const { logger, text } = recorder();
  const service = fakeFetch(() => new Response(body));
  const config = { hostUrl: HOST, apiKey, fetch: service.fetch, logger };
  await createClient({ ...config, logLevel: 'debug' })
    .products.list()
    .catch(() => undefined);
  return text();
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the log', () => {
  // The body is cut at 2 KB: a secret cut in two was no longer found, and its first part shown.
  it.each([
    ['the API key', KEY],
    ['a signature', SIGNATURE],
  ])('hides %s that a debug body holds across its 2 KB cut', async (_, secret) => {
    const hidden = secret.replace(/^t=\d+,/, ''); // the time is no secret
    // Cut a few characters before the secret's end: most of it was shown.
    for (const before of [2048 - secret.length + 3, 2048 - secret.length + 10]) {
      const text = await debugLines(`${'x'.repeat(before)}${secret}${'y'.repeat(200)}`);
      expect(text).toContain('characters)');
      expect(text).not.toContain(hidden.slice(0, 12));
    }
  });

  it.each([
    [
      'with \\u escapes',
      [...KEY].map((char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`).join(''),
    ],
    ['with \\/ as PHP writes it', `${KEY.slice(0, 4)}\\/${KEY.slice(4)}`],
    [
      'percent-encoded in part',
      `${KEY.slice(0, 5)}%${KEY.charCodeAt(5).toString(16)}${KEY.slice(6)}`,
    ],
  ])('hides the key JSON-escaped or encoded %s', async (_, written) => {
    const key = written.includes('\\/') ? `${KEY.slice(0, 4)}/${KEY.slice(4)}` : KEY;
    const page = `{"items":[],"page":1,"page_size":50,"total":0,"note":"${written}"}`;
    const text = await debugLines(page, key);
    // The body as it came, but for the key.
    expect(text).toContain('"note":"[redacted]"');
    expect(text).not.toContain(written);
  });

  // Written before the client's filter exists: a value that could be a secret is not quoted.
  it('quotes an ORDER_FULFILLMENT_LOG that is no level only when it is short', async () => {
    vi.stubEnv('ORDER_FULFILLMENT_LOG', KEY);
    const { logger, lines } = recorder();
    createClient({ hostUrl: HOST, apiKey: 'another', logger });
    expect(lines).toEqual([
      `[order-fulfillment-sdk] ORDER_FULFILLMENT_LOG is ${KEY.length} characters long, not one of off, error, warn, info, debug: ignored`,
    ]);
  });
});

describe('the errors', () => {
  // Python's urllib.parse.quote leaves `/` as it is and encodes `+` and `=`.
  it('hide a key in a redirect URL percent-encoded in part', async () => {
    const key = 'ofs_live/Kx9Qm2+Zt7Vb4Rn1=';
    const quoted = 'ofs_live/Kx9Qm2%2BZt7Vb4Rn1%3D';
    const service = fakeFetch(
      () =>
        new Response(null, {
          status: 302,
          headers: { location: `https://sso.example/?key=${quoted}` },
        }),
    );
    const error = await failure(clientOver(service, { apiKey: key, retry: 0 }).orders.get('1'));
    expect(error.message).toContain('redirected to https://sso.example/?key=[redacted]');
    expect((error as { headers?: Headers }).headers?.get('location')).not.toContain(quoted);
  });

  // Keys need only be printable ASCII: an all-digit one may come back as a JSON number.
  it('hide an all-digit key echoed as a JSON number, and leave other numbers be', async () => {
    const key = '8123456789012345';
    const body = {
      detail: [{ loc: ['header', 'x-api-key'], msg: 'bad', type: 'x', input: 8123456789012345 }],
      n: 81,
    };
    const service = fakeFetch(() => json(body, 422));
    const error = await failure(clientOver(service, { apiKey: key, retry: 0 }).orders.get('1'));
    expect(JSON.stringify(error)).not.toContain(key);
    expect((error as { body?: { n?: unknown } }).body?.n).toBe(81);
    expect(JSON.stringify((error as { detail?: unknown }).detail)).toContain(
      '"input":"[redacted]"',
    );
  });
});

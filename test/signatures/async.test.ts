// The Web Crypto pair gives the node:crypto pair's answer for every input, and the sync pair
// fails with a typed error, naming its async twin, where node:crypto is missing.
import { runInNewContext } from 'node:vm';
import Stripe from 'stripe';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type SignatureVerificationError,
  signWmsPayload,
  signWmsPayloadAsync,
  UnsupportedRuntimeError,
  type VerifyWmsSignatureOptions,
  verifyWmsSignature,
  verifyWmsSignatureAsync,
} from '../../src/index.js';

const stripe = new Stripe('sk_test_x');
const secret = 'whsec_test_secret';
const body = JSON.stringify({ olay: 'order.fulfilled', inbound_order_id: 'ord_1', note: 'çé 🚚' });
const now = 1_700_000_000;

// What a call ended as: its value, or the error's class, reason and message.
async function outcome(run: () => unknown): Promise<unknown> {
  try {
    return { value: await run() };
  } catch (error) {
    const { name, message } = error as Error;
    return { name, message, reason: (error as SignatureVerificationError).reason };
  }
}

describe('signWmsPayloadAsync', () => {
  it('signs exactly like signWmsPayload, for strings, bytes and ArrayBuffers', async () => {
    const bytes = new TextEncoder().encode(body);
    for (const raw of [body, bytes, bytes.buffer, '', 'a']) {
      expect(await signWmsPayloadAsync(raw, secret, now)).toBe(signWmsPayload(raw, secret, now));
    }
    expect(await signWmsPayloadAsync(body, secret, now)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp: now }),
    );
  });

  it('reads bytes made in another realm, as on edge-runtime’s VM context', async () => {
    const foreign = runInNewContext('(codes) => Uint8Array.from(codes)')([
      ...new TextEncoder().encode(body),
    ]) as Uint8Array;
    expect(foreign instanceof Uint8Array).toBe(false);
    const buffer = runInNewContext('(bytes) => new Uint8Array(bytes).buffer')(foreign);
    for (const raw of [foreign, buffer]) {
      expect(await signWmsPayloadAsync(raw, secret, now)).toBe(signWmsPayload(body, secret, now));
      expect(verifyWmsSignature(raw, signWmsPayload(body, secret, now), secret, { now })).toEqual({
        timestamp: now,
      });
    }
  });

  it('signs with the current time by default and rejects what the sync pair rejects', async () => {
    const header = await signWmsPayloadAsync(body, secret);
    expect(verifyWmsSignature(body, header, secret).timestamp).toBeGreaterThan(now);
    for (const [raw, key, t] of [
      [body, '', now],
      [body, secret, 1.5],
      [{ parsed: true }, secret, now],
    ] as const) {
      const sync = await outcome(() => signWmsPayload(raw as string, key, t));
      expect(sync).not.toHaveProperty('value');
      expect(await outcome(() => signWmsPayloadAsync(raw as string, key, t))).toEqual(sync);
    }
  });
});

describe('verifyWmsSignatureAsync', () => {
  const v1 = (key: string, t = now, raw = body) => signWmsPayload(raw, key, t).split('v1=')[1];
  const good = v1(secret) as string;
  const cases: [string, unknown, unknown, string, VerifyWmsSignatureOptions?][] = [
    ['a good header', body, `t=${now},v1=${good}`, secret],
    ['bytes', new TextEncoder().encode(body), `t=${now},v1=${good}`, secret],
    ['an ArrayBuffer', new TextEncoder().encode(body).buffer, `t=${now},v1=${good}`, secret],
    ['several v1, the good one last', body, `t=${now},v1=${v1('old')},v1=${good}`, secret],
    [
      'a bad hex value before the good one',
      body,
      `t=${now},v1=${'zz'.repeat(32)},v1=${good}`,
      secret,
    ],
    ['upper-case hex', body, `t=${now},v1=${good.toUpperCase()}`, secret],
    ['spaces and any order', body, ` v1 = ${good} , t = ${now} `, secret],
    ['the string[] form', body, [`t=${now}`, `v1=${good}`], secret],
    ['a v0 beside', body, `t=${now},v1=${good},v0=ignored`, secret],
    ['no header', body, undefined, secret],
    ['an empty header', body, '', secret],
    ['an empty list', body, [], secret],
    ['garbage', body, 'garbage', secret],
    ['no v1', body, `t=${now}`, secret],
    ['two t', body, `t=${now},t=${now},v1=${good}`, secret],
    ['two different t', body, `t=${now},t=${now - 1},v1=${good}`, secret],
    ['the header twice', body, [`t=${now},v1=${good}`, `t=${now},v1=${good}`], secret],
    ['a non-numeric t', body, `t=abc,v1=${good}`, secret],
    ['a trailing comma', body, `t=${now},v1=${good},`, secret],
    ['a wrong secret', body, `t=${now},v1=${good}`, 'whsec_other'],
    ['a padded secret', body, `t=${now},v1=${good}`, `${secret} `],
    ['a tampered body', `${body} `, `t=${now},v1=${good}`, secret],
    ['a short value', body, `t=${now},v1=${good.slice(0, 62)}`, secret],
    ['a long value', body, `t=${now},v1=${good}00`, secret],
    ['a non-hex tail', body, `t=${now},v1=${good.slice(0, 62)}zz`, secret],
    ['a parsed body', JSON.parse(body), `t=${now},v1=${good}`, secret],
    ['no secret', body, `t=${now},v1=${good}`, ''],
    ['301 s old', body, `t=${now - 301},v1=${v1(secret, now - 301)}`, secret],
    ['300 s old', body, `t=${now - 300},v1=${v1(secret, now - 300)}`, secret],
    ['301 s ahead', body, `t=${now + 301},v1=${v1(secret, now + 301)}`, secret],
    [
      'a wider window',
      body,
      `t=${now - 3000},v1=${v1(secret, now - 3000)}`,
      secret,
      { toleranceSeconds: 3600 },
    ],
    ['a negative tolerance', body, `t=${now},v1=${good}`, secret, { toleranceSeconds: -1 }],
    ['an invalid clock', body, `t=${now},v1=${good}`, secret, { now: new Date('x') }],
    ['a Date clock', body, `t=${now},v1=${good}`, secret, { now: new Date(now * 1000) }],
  ];

  it.each(cases)('answers like verifyWmsSignature for %s', async (_, raw, header, key, options) => {
    const opts = { now, ...options };
    const args = [raw, header, key, opts] as Parameters<typeof verifyWmsSignature>;
    const sync = await outcome(() => verifyWmsSignature(...args));
    expect(await outcome(() => verifyWmsSignatureAsync(...args))).toEqual(sync);
  });

  it('refuses what is no header value, the headers passed for it included, as malformed_header', async () => {
    const header = signWmsPayload(body, secret, now);
    for (const wrong of [
      { 'x-wms-signature': header },
      new Headers({ 'x-wms-signature': header }),
      42,
    ]) {
      const args = [body, wrong as never, secret, { now }] as Parameters<typeof verifyWmsSignature>;
      const sync = await outcome(() => verifyWmsSignature(...args));
      expect(sync).toMatchObject({
        name: 'SignatureVerificationError',
        reason: 'malformed_header',
      });
      expect(await outcome(() => verifyWmsSignatureAsync(...args))).toEqual(sync);
    }
  });

  it('accepts a header Stripe’s Web Crypto signer made, and Stripe accepts its signatures', async () => {
    const provider = Stripe.createSubtleCryptoProvider();
    const header = await stripe.webhooks.generateTestHeaderStringAsync({
      payload: body,
      secret,
      cryptoProvider: provider,
    });
    expect((await verifyWmsSignatureAsync(body, header, secret)).timestamp).toBeGreaterThan(now);
    const ours = await signWmsPayloadAsync(body, secret);
    await expect(
      stripe.webhooks.signature?.verifyHeaderAsync(body, ours, secret, 300, provider),
    ).resolves.toBe(true);
  });
});

describe('the async pair without Web Crypto', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('rejects with UnsupportedRuntimeError naming crypto.subtle', async () => {
    const header = signWmsPayload(body, secret, now);
    vi.stubGlobal('crypto', undefined);
    for (const run of [
      () => signWmsPayloadAsync(body, secret, now),
      () => verifyWmsSignatureAsync(body, header, secret, { now }),
    ]) {
      const error = await run().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(UnsupportedRuntimeError);
      expect((error as UnsupportedRuntimeError).missing).toBe('crypto.subtle');
    }
  });
});

describe('the sync pair without node:crypto', () => {
  afterEach(() => vi.restoreAllMocks());

  it('throws UnsupportedRuntimeError naming the async function, while the async pair works', async () => {
    vi.spyOn(process, 'getBuiltinModule').mockReturnValue(undefined as never);
    // A fresh copy of the SDK, as on a runtime that never had node:crypto: the loaded one
    // has already found it.
    vi.resetModules();
    const sdk = await import('../../src/index.js');
    const header = await sdk.signWmsPayloadAsync(body, secret, now);
    for (const [run, alternative] of [
      [() => sdk.signWmsPayload(body, secret, now), 'signWmsPayloadAsync'],
      [() => sdk.verifyWmsSignature(body, header, secret, { now }), 'verifyWmsSignatureAsync'],
    ] as const) {
      let caught: unknown;
      try {
        run();
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(sdk.UnsupportedRuntimeError);
      expect(caught).toBeInstanceOf(sdk.OrderFulfillmentError);
      expect((caught as UnsupportedRuntimeError).alternative).toBe(alternative);
      expect((caught as Error).message).toContain(`use ${alternative}`);
    }
    expect(await sdk.verifyWmsSignatureAsync(body, header, secret, { now })).toEqual({
      timestamp: now,
    });
  });

  it('throws UnsupportedRuntimeError where process is missing or has no getBuiltinModule', async () => {
    const { process } = globalThis;
    // A browser has no process; an edge runtime may have one without getBuiltinModule.
    for (const stand of [undefined, { env: {} }]) {
      vi.resetModules();
      const sdk = await import('../../src/index.js');
      let caught: unknown;
      // Synchronous from here to the restore: nothing else runs with process replaced.
      vi.stubGlobal('process', stand);
      try {
        sdk.signWmsPayload(body, secret, now);
      } catch (error) {
        caught = error;
      } finally {
        vi.stubGlobal('process', process);
        vi.unstubAllGlobals();
      }
      expect(caught).toBeInstanceOf(sdk.UnsupportedRuntimeError);
      expect((caught as UnsupportedRuntimeError).alternative).toBe('signWmsPayloadAsync');
    }
  });
});

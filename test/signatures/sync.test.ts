// The X-WMS-Signature scheme, checked against Stripe's own verifier and signer both ways.
import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  OrderFulfillmentError,
  SignatureVerificationError,
  signWmsPayload,
  verifyWmsSignature,
  WEBHOOK_SIGNATURE_HEADER,
  WMS_SIGNATURE_HEADER,
} from '../../src/index.js';

const stripe = new Stripe('sk_test_x');
const secret = 'whsec_test_secret';
const body = JSON.stringify({
  olay: 'order.fulfilled',
  inbound_order_id: 'ord_1',
  status: 'shipped',
});
const now = Math.floor(Date.now() / 1000);

function reasonOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(SignatureVerificationError);
    expect(error).toBeInstanceOf(OrderFulfillmentError);
    return (error as SignatureVerificationError).reason;
  }
  return undefined;
}

describe('signWmsPayload', () => {
  it('produces a header Stripe’s verifier accepts', () => {
    const header = signWmsPayload(body, secret);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(stripe.webhooks.signature?.verifyHeader(body, header, secret, 300)).toBe(true);
  });

  it('signs bytes exactly like the same string', () => {
    const bytes = new TextEncoder().encode(body);
    expect(signWmsPayload(bytes, secret, 1_700_000_000)).toBe(
      signWmsPayload(body, secret, 1_700_000_000),
    );
    expect(
      stripe.webhooks.signature?.verifyHeader(bytes, signWmsPayload(bytes, secret), secret, 300),
    ).toBe(true);
  });

  it('matches Stripe’s test header for a fixed timestamp', () => {
    const timestamp = 1_700_000_000;
    expect(signWmsPayload(body, secret, timestamp)).toBe(
      stripe.webhooks.generateTestHeaderString({ payload: body, secret, timestamp }),
    );
  });

  it('rejects an empty secret and a bad timestamp', () => {
    expect(reasonOf(() => signWmsPayload(body, ''))).toBe('no_secret');
    expect(() => signWmsPayload(body, secret, 1.5)).toThrow(RangeError);
    expect(() => signWmsPayload(body, secret, -1)).toThrow(RangeError);
  });

  it('exports the header names the specification and the deliveries use', () => {
    // A receiver reads, and a sender sets, the header by these constants.
    expect(WMS_SIGNATURE_HEADER).toBe('X-WMS-Signature');
    expect(WEBHOOK_SIGNATURE_HEADER).toBe('X-Webhook-Signature');
  });
});

describe('verifyWmsSignature', () => {
  it('accepts a header Stripe generated', () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload: body, secret });
    expect(verifyWmsSignature(body, header, secret).timestamp).toBeGreaterThan(0);
  });

  it('accepts a header with several v1 values when any one matches (secret rotation)', () => {
    const timestamp = now;
    const good = signWmsPayload(body, secret, timestamp).split('v1=')[1];
    const old = signWmsPayload(body, 'whsec_old', timestamp).split('v1=')[1];
    expect(verifyWmsSignature(body, `t=${timestamp},v1=${old},v1=${good}`, secret)).toEqual({
      timestamp,
    });
    expect(verifyWmsSignature(body, `t=${timestamp},v1=${good},v0=ignored`, secret)).toEqual({
      timestamp,
    });
  });

  it('takes node:http’s string[] form of the header as one list of values', () => {
    const timestamp = now;
    const header = signWmsPayload(body, secret, timestamp);
    const [t, v1] = header.split(',') as [string, string];
    expect(verifyWmsSignature(body, [t, v1], secret)).toEqual({ timestamp });
    expect(reasonOf(() => verifyWmsSignature(body, [], secret))).toBe('missing_header');
    expect(reasonOf(() => verifyWmsSignature(`${body} `, [header], secret))).toBe(
      'signature_mismatch',
    );
  });

  it('takes a header sent twice, as node:http and Fetch join it, but not two different times', () => {
    const header = signWmsPayload(body, secret, now);
    expect(verifyWmsSignature(body, `${header}, ${header}`, secret)).toEqual({ timestamp: now });
    expect(verifyWmsSignature(body, [header, header], secret)).toEqual({ timestamp: now });
    const earlier = signWmsPayload(body, secret, now - 1);
    expect(reasonOf(() => verifyWmsSignature(body, [header, earlier], secret))).toBe(
      'malformed_header',
    );
  });

  it('reads v1 as hex in either case and treats anything but 64 hex digits as a mismatch', () => {
    const timestamp = now;
    const good = signWmsPayload(body, secret, timestamp).split('v1=')[1] as string;
    expect(verifyWmsSignature(body, `t=${timestamp},v1=${good.toUpperCase()}`, secret)).toEqual({
      timestamp,
    });
    // A valid prefix with a non-hex tail must not pass as a shorter, partly decoded value.
    for (const bad of [
      `${good.slice(0, 62)}zz`,
      `${good.slice(0, 63)}g`,
      good.slice(0, 62),
      `${good}00`,
      // 64 good digits and a tail Buffer's decoder drops: still not one 64-digit value.
      `${good}zz`,
      `${good}0`,
      `0x${good.slice(2)}`,
    ]) {
      expect(reasonOf(() => verifyWmsSignature(body, `t=${timestamp},v1=${bad}`, secret))).toBe(
        'signature_mismatch',
      );
    }
    expect(
      verifyWmsSignature(body, `t=${timestamp},v1=${'zz'.repeat(32)},v1=${good}`, secret),
    ).toEqual({
      timestamp,
    });
  });

  it('reads the parts in any order and with spaces around them', () => {
    const timestamp = now;
    const v1 = signWmsPayload(body, secret, timestamp).split('v1=')[1] as string;
    for (const header of [
      `v1=${v1},t=${timestamp}`,
      ` t = ${timestamp} , v1 = ${v1} `,
      `t=${timestamp},v1=${v1},`.slice(0, -1),
      `t=${timestamp}, v1=${v1}`,
    ]) {
      expect(verifyWmsSignature(body, header, secret, { now })).toEqual({ timestamp });
    }
    const twoTimes = `t=${timestamp},t=${timestamp + 1},v1=${v1}`;
    expect(reasonOf(() => verifyWmsSignature(body, twoTimes, secret))).toBe('malformed_header');
  });

  it('reads only v1: a v0 value, even the right HMAC, is no signature', () => {
    const good = signWmsPayload(body, secret, now).split('v1=')[1] as string;
    expect(reasonOf(() => verifyWmsSignature(body, `t=${now},v0=${good}`, secret, { now }))).toBe(
      'malformed_header',
    );
  });

  it('checks each call against its own secret, however calls with different secrets interleave', () => {
    const a = signWmsPayload(body, 'whsec_a', now);
    const b = signWmsPayload(body, 'whsec_b', now);
    expect(a).not.toBe(b);
    for (let round = 0; round < 3; round++) {
      expect(verifyWmsSignature(body, a, 'whsec_a', { now })).toEqual({ timestamp: now });
      expect(reasonOf(() => verifyWmsSignature(body, a, 'whsec_b', { now }))).toBe(
        'signature_mismatch',
      );
      expect(verifyWmsSignature(body, b, 'whsec_b', { now })).toEqual({ timestamp: now });
      expect(signWmsPayload(body, 'whsec_a', now)).toBe(a);
    }
  });

  it('checks the window on both sides, at ±300 s by default', () => {
    const at = (offset: number) => signWmsPayload(body, secret, now + offset);
    expect(verifyWmsSignature(body, at(-300), secret, { now })).toEqual({ timestamp: now - 300 });
    expect(verifyWmsSignature(body, at(300), secret, { now })).toEqual({ timestamp: now + 300 });
    expect(reasonOf(() => verifyWmsSignature(body, at(-301), secret, { now }))).toBe(
      'timestamp_too_old',
    );
    expect(reasonOf(() => verifyWmsSignature(body, at(301), secret, { now }))).toBe(
      'timestamp_in_future',
    );
    expect(
      verifyWmsSignature(body, at(-3000), secret, {
        now: new Date(now * 1000),
        toleranceSeconds: 3600,
      }),
    ).toEqual({ timestamp: now - 3000 });
  });

  it('takes a tolerance of 0 as the exact second, and refuses one that is not a number', () => {
    const header = signWmsPayload(body, secret, now);
    expect(verifyWmsSignature(body, header, secret, { now, toleranceSeconds: 0 })).toEqual({
      timestamp: now,
    });
    expect(
      reasonOf(() =>
        verifyWmsSignature(body, header, secret, { now: now + 1, toleranceSeconds: 0 }),
      ),
    ).toBe('timestamp_too_old');
    const text = { now, toleranceSeconds: '300' as unknown as number };
    expect(() => verifyWmsSignature(body, header, secret, text)).toThrow(RangeError);
  });

  it('refuses to judge the window without a valid clock, instead of letting any time through', () => {
    const ancient = signWmsPayload(body, secret, 1_000_000_000);
    for (const clock of [new Date('not a date'), Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => verifyWmsSignature(body, ancient, secret, { now: clock })).toThrow(
        /now must be a Date or Unix seconds/,
      );
    }
  });

  it.each([
    ['missing_header', undefined],
    ['missing_header', ''],
    ['missing_header', '   '],
    ['malformed_header', 'v1=abc'],
    ['malformed_header', 't=abc,v1=00'],
    ['malformed_header', 'garbage'],
    ['malformed_header', 't=x1700000000,v1=00'],
    ['malformed_header', 't=1700000000x,v1=00'],
    // A fixed t: the title is the test's id (for -t and mutation runs), so it must not vary.
    ['malformed_header', 't=1700000000'],
  ])('names the reason %s for header %j', (reason, header) => {
    expect(reasonOf(() => verifyWmsSignature(body, header, secret))).toBe(reason);
  });

  it('names a mismatch and its likely causes', () => {
    const header = signWmsPayload(body, secret);
    const reserialized = JSON.stringify(JSON.parse(body), null, 2);
    let message = '';
    try {
      verifyWmsSignature(reserialized, header, secret);
    } catch (error) {
      expect((error as SignatureVerificationError).reason).toBe('signature_mismatch');
      message = (error as Error).message;
    }
    expect(message).toContain('parsed and re-serialized');
    // The whitespace hint only for a secret that has some.
    expect(message).not.toContain('whitespace');
    expect(reasonOf(() => verifyWmsSignature(body, header, 'whsec_other'))).toBe(
      'signature_mismatch',
    );
    try {
      verifyWmsSignature(body, header, `${secret} `);
    } catch (error) {
      expect((error as Error).message).toContain('whitespace');
    }
  });

  it('rejects a parsed body and an empty secret', () => {
    const header = signWmsPayload(body, secret);
    expect(reasonOf(() => verifyWmsSignature(JSON.parse(body), header, secret))).toBe(
      'invalid_payload',
    );
    expect(reasonOf(() => verifyWmsSignature(body, header, ''))).toBe('no_secret');
    // From JavaScript, or through a cast: a secret that is not a string is no secret.
    for (const notAString of [42, new TextEncoder().encode(secret)]) {
      expect(reasonOf(() => verifyWmsSignature(body, header, notAString as never))).toBe(
        'no_secret',
      );
      expect(reasonOf(() => signWmsPayload(body, notAString as never))).toBe('no_secret');
    }
  });

  it('agrees with Stripe on what fails', () => {
    const stale = signWmsPayload(body, secret, now - 301);
    expect(() => stripe.webhooks.signature?.verifyHeader(body, stale, secret, 300)).toThrow();
    expect(reasonOf(() => verifyWmsSignature(body, stale, secret))).toBe('timestamp_too_old');
    const tampered = signWmsPayload(`${body} `, secret);
    expect(() => stripe.webhooks.signature?.verifyHeader(body, tampered, secret, 300)).toThrow();
    expect(reasonOf(() => verifyWmsSignature(body, tampered, secret))).toBe('signature_mismatch');
  });
});

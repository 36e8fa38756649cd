// One unit for time: a Date, or Unix seconds, in every `timestamp` and `now`; milliseconds
// are refused with a message that says so. And the header a verification names.
import { createHmac } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  ConfigurationError,
  createClient,
  createWebhookHandler,
  SignatureVerificationError,
  signWmsPayload,
  signWmsPayloadAsync,
  verifyWmsSignature,
  verifyWmsSignatureAsync,
} from '../../src/index.js';
import { fakeFetch, HOST, json, SECRET } from '../support/fake-fetch.js';

const body = '{"olay":"order.fulfilled"}';
const seconds = 1_795_434_286;
const ms = seconds * 1000 + 3;
const MS_MESSAGE = /must be a Date or Unix seconds, not milliseconds/;

describe('signing timestamps', () => {
  it('signs a Date and its Unix seconds alike, sync and async', async () => {
    const date = new Date(ms);
    expect(signWmsPayload(body, SECRET, date)).toBe(signWmsPayload(body, SECRET, seconds));
    expect(await signWmsPayloadAsync(body, SECRET, date)).toBe(
      signWmsPayload(body, SECRET, seconds),
    );
    expect(signWmsPayload(body, SECRET, seconds)).toMatch(new RegExp(`^t=${seconds},v1=`));
  });

  it('refuses a timestamp in milliseconds instead of signing t=<ms>', async () => {
    expect(() => signWmsPayload(body, SECRET, ms)).toThrow(RangeError);
    expect(() => signWmsPayload(body, SECRET, ms)).toThrow(MS_MESSAGE);
    await expect(signWmsPayloadAsync(body, SECRET, ms)).rejects.toThrow(MS_MESSAGE);
  });
});

describe('verification clocks', () => {
  const header = signWmsPayload(body, SECRET, seconds);

  it('takes now as Unix seconds (fractions too) or a Date, sync and async', async () => {
    for (const now of [seconds, seconds + 0.5, new Date(ms)]) {
      expect(verifyWmsSignature(body, header, SECRET, { now })).toEqual({ timestamp: seconds });
      expect(await verifyWmsSignatureAsync(body, header, SECRET, { now })).toEqual({
        timestamp: seconds,
      });
    }
  });

  it('takes a Date made in another realm, as edge-runtime’s VM context makes it', async () => {
    const date: Date = runInNewContext(`new Date(${ms})`);
    expect(date).not.toBeInstanceOf(Date);
    expect(signWmsPayload(body, SECRET, date)).toBe(header);
    expect(await signWmsPayloadAsync(body, SECRET, date)).toBe(header);
    expect(verifyWmsSignature(body, header, SECRET, { now: date })).toEqual({ timestamp: seconds });
    expect(await verifyWmsSignatureAsync(body, header, SECRET, { now: date })).toEqual({
      timestamp: seconds,
    });
    // The handler checks its clock when created, and each delivery's t against it.
    const event = JSON.stringify({
      id: 'evt_1',
      type: 'order.updated',
      data: { order: { id: '1', updated_at: '2026-11-22T10:00:00Z' } },
    });
    const handled: string[] = [];
    const handler = createWebhookHandler({
      secret: SECRET,
      on: { 'order.updated': (e) => void handled.push(e.id) },
      now: () => date,
    });
    const delivery = new Request('http://localhost/hooks', {
      method: 'POST',
      body: event,
      headers: { 'x-webhook-signature': signWmsPayload(event, SECRET, seconds) },
    });
    expect((await handler(delivery)).status).toBe(200);
    expect(handled).toEqual(['evt_1']);
    // An Invalid Date from there is still refused: no clock, no window.
    const invalid: Date = runInNewContext('new Date(NaN)');
    expect(() => verifyWmsSignature(body, header, SECRET, { now: invalid })).toThrow(RangeError);
  });

  it('refuses now in milliseconds, saying so', async () => {
    expect(() => verifyWmsSignature(body, header, SECRET, { now: ms })).toThrow(MS_MESSAGE);
    await expect(verifyWmsSignatureAsync(body, header, SECRET, { now: ms })).rejects.toThrow(
      MS_MESSAGE,
    );
  });

  it('refuses a tolerance in milliseconds, which would switch replay protection off', async () => {
    const options = { now: seconds, toleranceSeconds: 5 * 60 * 1000 };
    const message = 'toleranceSeconds must be 0 to 86400 seconds, got 300000 (milliseconds?)';
    expect(() => verifyWmsSignature(body, header, SECRET, options)).toThrow(message);
    await expect(verifyWmsSignatureAsync(body, header, SECRET, options)).rejects.toThrow(message);
    const day = { now: seconds, toleranceSeconds: 86_400 };
    expect(verifyWmsSignature(body, header, SECRET, day)).toEqual({ timestamp: seconds });
  });

  it('says a t signed in milliseconds may be milliseconds, sync and async', async () => {
    // What a sender in another language writes when it signs with its milliseconds clock.
    const v1 = createHmac('sha256', SECRET).update(`${ms}.${body}`).digest('hex');
    const inMs = `t=${ms},v1=${v1}`;
    const ahead = seconds + 3600;
    const farAhead = signWmsPayload(body, SECRET, ahead);
    for (const verify of [
      async (header: string) => verifyWmsSignature(body, header, SECRET, { now: seconds }),
      (header: string) => verifyWmsSignatureAsync(body, header, SECRET, { now: seconds }),
    ]) {
      const error = await verify(inMs).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SignatureVerificationError);
      expect((error as SignatureVerificationError).reason).toBe('timestamp_in_future');
      expect((error as Error).message).toBe(
        `Timestamp ${ms} is ${ms - seconds} s ahead, outside the ±300 s window (milliseconds?).`,
      );
      // A t in seconds, however far off, gets no such hint.
      const late = await verify(farAhead).catch((caught: unknown) => caught);
      expect((late as Error).message).toBe(
        `Timestamp ${ahead} is 3600 s ahead, outside the ±300 s window.`,
      );
    }
  });

  it('names the header the caller verified when it is missing', async () => {
    const options = { headerName: 'X-Webhook-Signature' };
    for (const verify of [
      async () => verifyWmsSignature(body, undefined, SECRET, options),
      () => verifyWmsSignatureAsync(body, null, SECRET, options),
    ]) {
      const error = await verify().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(SignatureVerificationError);
      expect((error as Error).message).toBe('No X-Webhook-Signature header.');
    }
    expect(() => verifyWmsSignature(body, '', SECRET)).toThrow('No X-WMS-Signature header.');
  });
});

describe('the client clock', () => {
  it('takes Unix seconds or a Date, and refuses milliseconds naming the option', async () => {
    const service = fakeFetch(() => json({ status: 'applied' }));
    const base = { hostUrl: HOST, signingSecret: SECRET, fetch: service.fetch, retry: 0 };
    for (const now of [() => seconds, () => new Date(ms)]) {
      await createClient({ ...base, now }).fulfillment.notifyShipped({ inbound_order_id: '1' });
    }
    const sent = service.requests.map((request) => request.headers.get('x-wms-signature'));
    expect(sent.map((header) => header?.split(',')[0])).toEqual([`t=${seconds}`, `t=${seconds}`]);
    expect(JSON.parse(service.requests[0]?.body ?? '{}').shipped_at).toBe(
      new Date(seconds * 1000).toISOString(),
    );

    // Refused at construction, like every other bad option, before any call is made.
    let refused: unknown;
    try {
      createClient({ ...base, now: () => Date.now() });
    } catch (caught) {
      refused = caught;
    }
    expect(refused).toBeInstanceOf(ConfigurationError);
    expect((refused as ConfigurationError).option).toBe('now');
    expect((refused as Error).message).toBe(
      'Invalid option `now`: now() must be a Date or Unix seconds, not milliseconds: return new Date(), or Math.floor(Date.now() / 1000).',
    );

    // A clock that turns to milliseconds later fails the call that reads it, sending nothing.
    let reads = 0;
    const drifting = createClient({ ...base, now: () => (reads++ === 0 ? seconds : Date.now()) });
    const error = await drifting.fulfillment
      .notifyShipped({ inbound_order_id: '1' })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as ConfigurationError).option).toBe('now');
    expect((error as Error).message).toMatch(MS_MESSAGE);
    expect(service.requests).toHaveLength(2);
  });

  it('accepts a clock that cannot be read yet, as one reading a mock made in beforeEach', async () => {
    const service = fakeFetch(() => json({ status: 'applied' }));
    let mockClock: { now(): number } | undefined;
    const client = createClient({
      hostUrl: HOST,
      signingSecret: SECRET,
      fetch: service.fetch,
      retry: 0,
      now: () => (mockClock as { now(): number }).now(),
    });
    // Still unreadable at the call: the call fails saying what the clock threw, and no hint
    // about units, which are not the problem.
    const early = await client.fulfillment
      .notifyShipped({ inbound_order_id: '1' })
      .catch((caught: unknown) => caught);
    expect(early).toBeInstanceOf(ConfigurationError);
    expect((early as Error).message).toMatch(/^Invalid option `now`: now\(\) threw: .+\.$/);
    expect((early as Error).message).not.toContain('Date.now()');
    expect(service.requests).toHaveLength(0);
    mockClock = { now: () => seconds };
    await client.fulfillment.notifyShipped({ inbound_order_id: '1' });
    expect(service.requests[0]?.headers.get('x-wms-signature')).toMatch(
      new RegExp(`^t=${seconds},v1=`),
    );
  });
});

// The two options createWebhookHandler names otherwise than unwrapWebhook: each API's name,
// given to the other, is answered with the one it takes there.
import { describe, expect, it } from 'vitest';
import { ConfigurationError, signWmsPayload, unwrapWebhook } from '../../src/index.js';
import { creationError } from '../support/creation-error.js';

const secret = 'whsec_option_names_test';
const on = { 'order.updated': () => {} };
const raw = JSON.stringify({
  id: 'evt_1',
  type: 'order.updated',
  data: { order: { id: '1', updated_at: '2026-11-22T10:00:00Z' } },
});

describe('receiver option names', () => {
  it.each([
    ['toleranceSeconds', { toleranceSeconds: 600 }, 'tolerance'],
    ['headerName', { headerName: 'X-WMS-Signature' }, 'signatureHeader'],
  ])('points createWebhookHandler’s %s to its own name', (given, options, meant) => {
    const caught = creationError({ secret, on, ...options });
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as ConfigurationError).option).toBe(given);
    expect((caught as Error).message).toBe(
      `Invalid option \`${given}\`: is not an option of createWebhookHandler; did you mean \`${meant}\`?`,
    );
  });

  it.each([
    ['tolerance', { tolerance: 600 }, 'toleranceSeconds'],
    ['signatureHeader', { signatureHeader: 'X-WMS-Signature' }, 'headerName'],
  ])('points unwrapWebhook’s %s to its own name', async (given, options, meant) => {
    const headers = { 'x-webhook-signature': signWmsPayload(raw, secret) };
    const caught = await unwrapWebhook(raw, headers, secret, options as never).catch(
      (error: unknown) => error,
    );
    expect(caught).toBeInstanceOf(ConfigurationError);
    expect((caught as ConfigurationError).option).toBe(given);
    expect((caught as Error).message).toBe(
      `Invalid option \`${given}\`: is not an option of unwrapWebhook; did you mean \`${meant}\`?`,
    );
  });

  it('still guesses by spelling, and lists the options, for any other unknown name', async () => {
    expect((creationError({ secret, on, tolerence: 60 }) as Error).message).toMatch(
      /did you mean `tolerance`/,
    );
    const headers = { 'x-webhook-signature': signWmsPayload(raw, secret) };
    const caught = await unwrapWebhook(raw, headers, secret, { clock: 1 } as never).catch(
      (error: unknown) => error,
    );
    expect((caught as Error).message).toBe(
      'Invalid option `clock`: is not an option of unwrapWebhook (toleranceSeconds, now, headerName).',
    );
  });
});

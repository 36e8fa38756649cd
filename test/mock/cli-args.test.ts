// The command line's numbers: a negative one after a flag that takes a value is that flag's
// value, refused in the flag's own words (parseArgs alone reads it as an option and asks for
// `--flag=-XYZ`); and --delivery-retry, checked by the deliveryRetry option's own schema.
import { describe, expect, it } from 'vitest';
import { parse } from '../../mock/cli-args.js';
import { usageMessageOf } from '../support/cli.js';

describe('order-fulfillment-mock numeric flags', () => {
  it.each([
    ['--port', '-1', '--port must be an integer from 0 to 65535, got "-1"'],
    ['--orders', '-5', '--orders must be an integer from 0 to 10000000, got "-5"'],
    ['--products', '-5', '--products must be an integer from 0 to 1000000, got "-5"'],
    ['--seed', '-1', '--seed must be an integer from 0 to 4294967295, got "-1"'],
    ['--journal-limit', '-1', '--journal-limit must be an integer from 0 to 10000000, got "-1"'],
    [
      '--deliveries-limit',
      '-1',
      '--deliveries-limit must be an integer from 0 to 10000000, got "-1"',
    ],
    ['--stop-grace', '-1', '--stop-grace must be an integer from 0 to 600000, got "-1"'],
    ['--stop-grace', '-1.5', '--stop-grace must be an integer from 0 to 600000, got "-1.5"'],
    ['--rate-limit', '-1/60000', /^--rate-limit must be LIMIT\/WINDOW_MS, .*got "-1\/60000"$/],
    ['--latency', '-5-10', /^--latency must be MIN or MIN-MAX in ms .*got "-5-10"$/],
    [
      '--delivery-retry',
      '-1/200/5000',
      /^--delivery-retry must be ATTEMPTS\/BASE_MS\/TIMEOUT_MS, .*got "-1\/200\/5000"$/,
    ],
  ])('refuses %s %s in its own words', (flag, value, message) => {
    const said = usageMessageOf([flag, value]);
    expect(said).not.toMatch(/ambiguous|-XYZ/);
    if (typeof message === 'string') expect(said).toBe(message);
    else expect(said).toMatch(message);
  });

  it('leaves a flag that takes no value to parseArgs, and --flag=-1 as it was', () => {
    expect(usageMessageOf(['--json', '-1'])).toBe("Unknown option '-1'");
    expect(usageMessageOf(['--seed=-1'])).toBe(
      '--seed must be an integer from 0 to 4294967295, got "-1"',
    );
  });
});

describe('order-fulfillment-mock --delivery-retry', () => {
  it('sets the deliveryRetry option from ATTEMPTS/BASE_MS/TIMEOUT_MS', () => {
    const parsed = parse(['--delivery-retry', '1/0/1000']);
    expect(parsed.help || parsed.version ? undefined : parsed.options.deliveryRetry).toEqual({
      attempts: 1,
      baseDelayMs: 0,
      timeoutMs: 1000,
    });
  });

  it.each([
    ['3/200', /^--delivery-retry must be ATTEMPTS\/BASE_MS\/TIMEOUT_MS, e\.g\. 3\/200\/5000/],
    ['3/200/5000/1', /^--delivery-retry must be ATTEMPTS\/BASE_MS\/TIMEOUT_MS/],
    [
      '0/200/5000',
      /^--delivery-retry ATTEMPTS must be an integer from 1 to 20, got "0\/200\/5000"$/,
    ],
    ['21/200/5000', /^--delivery-retry ATTEMPTS must be an integer from 1 to 20/],
    ['3/60001/5000', /^--delivery-retry BASE_MS must be an integer from 0 to 60000/],
    ['3/200/0', /^--delivery-retry TIMEOUT_MS must be an integer from 1 to 600000/],
  ])("refuses %s, in the option schema's words", (value, message) => {
    expect(usageMessageOf(['--delivery-retry', value])).toMatch(message);
  });
});

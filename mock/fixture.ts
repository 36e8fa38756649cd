// The CLI's --fixture file: JSON with the records and settings to start the mock with.
import type { MockServiceOptions } from './options.js';
import { describeJsonError } from './store/input-checks.js';

/** The keys a fixture file may have; each means what the option of that name means. */
const FIXTURE_KEYS = [
  'orders',
  'products',
  'apiKeys',
  'signingSecret',
  'plan',
  'deliveryRetry',
] as const;

/** What a fixture file holds. */
export type Fixture = Pick<MockServiceOptions, (typeof FIXTURE_KEYS)[number]>;

/**
 * Parses a fixture file's text. The values themselves are checked by `createMockService`.
 *
 * @param text - The file's contents.
 * @param name - The file name, for messages.
 * @throws TypeError naming the file and the problem.
 */
export function parseFixture(text: string, name: string): Fixture {
  let value: unknown;
  try {
    // Without the byte-order mark Windows editors (Notepad, PowerShell 5) write first.
    value = JSON.parse(text.replace(/^\ufeff/, ''));
  } catch (error) {
    throw new TypeError(`Fixture ${name} is not valid JSON: ${describeJsonError(error)}`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new TypeError(`Fixture ${name} must be a JSON object { ${FIXTURE_KEYS.join('?, ')}? }`);
  }
  for (const key of Object.keys(value)) {
    if (!(FIXTURE_KEYS as readonly string[]).includes(key)) {
      throw new TypeError(
        `Fixture ${name} has an unknown key "${key}"; allowed: ${FIXTURE_KEYS.join(', ')}`,
      );
    }
  }
  // The values are the options' own, checked by createMockService: `orders` and `products`
  // a count or an array of records, as the options take them.
  return value as Fixture;
}

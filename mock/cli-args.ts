// The command line of `order-fulfillment-mock`: its flags, their checks, and the options of
// the service they make. A flag the user got wrong is a UsageError, printed with the usage.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { closestName } from '../src/core/closest-name.js';
import { DEFAULT_STOP_GRACE_MS } from './cli-lifetime.js';
import { parseFixture } from './fixture.js';
import {
  DeliveryRetrySchema,
  MAX_GENERATED_ORDERS,
  MAX_RECORD_LIMIT,
  type MockServiceOptions,
} from './options.js';
import type { DeliveryRetry } from './rules/deliveries.js';
import { type FaultRule, MAX_DELAY_MS, parseFaultRule } from './rules/fault-rule.js';

/** The help text, printed by --help and after a usage error. */
export const USAGE = `Usage: order-fulfillment-mock [options]

  --port N                 TCP port (default 4010; 0 picks a free port)
  --host H                 interface to bind (default 127.0.0.1)
  --orders N               orders to generate (default 100)
  --products N             products to generate (default 20)
  --seed N                 seed of the generated data (default 1)
  --fixture FILE           JSON { orders?, products?, apiKeys?, signingSecret?, plan?,
                           deliveryRetry? }
  --rate-limit LIMIT/MS    requests per key per window, e.g. 100/60000 (default: none)
  --no-signing-secret      configure no signing secret (the inbound endpoint rejects all)
  --fault JSON             a fault rule, e.g. '{"path":"/api/v1/web-api/v1/orders*","status":503,"times":2}'
                           (repeatable; the rules match in the order given)
  --latency MIN[-MAX]      delay every API answer by MIN to MAX ms (default: none)
  --journal-limit N        requests the journal keeps (default 10000; 0 keeps none)
  --deliveries-limit N     webhook delivery attempts kept (default 10000; 0 keeps none)
  --delivery-retry ATTEMPTS/BASE_MS/TIMEOUT_MS
                           webhook deliveries: attempts in all, the wait before the first retry
                           (doubled for each further one) and each attempt's timeout, in ms
                           (default 3/200/5000)
  --json                   print one JSON line when ready (hostUrl, baseUrl, inboundUrl,
                           controlUrl, apiKeys, signingSecret, version) instead of the banner
  --exit-with-stdin        exit when stdin closes
  --stop-grace MS          on SIGINT, SIGTERM or stdin closing: free the port at once, then wait
                           up to MS for webhook deliveries in flight and exit 0 (default 2000);
                           a second signal exits 0 at once
  --no-exit-with-parent    keep serving when the process that started it dies (by default it
                           exits, so a killed npx or npm wrapper leaves no server behind)
  --version                print the version
  --help                   show this help`;

// The flags node:util's parseArgs reads; every value arrives as a string, checked below.
const OPTIONS = {
  port: { type: 'string' },
  host: { type: 'string' },
  orders: { type: 'string' },
  products: { type: 'string' },
  seed: { type: 'string' },
  fixture: { type: 'string' },
  'rate-limit': { type: 'string' },
  'no-signing-secret': { type: 'boolean' },
  fault: { type: 'string', multiple: true },
  latency: { type: 'string' },
  'journal-limit': { type: 'string' },
  'deliveries-limit': { type: 'string' },
  'delivery-retry': { type: 'string' },
  json: { type: 'boolean' },
  'exit-with-stdin': { type: 'boolean' },
  'stop-grace': { type: 'string' },
  'no-exit-with-parent': { type: 'boolean' },
  version: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** A flag the user got wrong: exit 2 with its message and the usage. */
export class UsageError extends Error {}

function integerFlag(name: string, value: string | undefined, min: number, max: number) {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

// parseArgs's message for an unknown flag, with the flag likely meant (`--prot`: `--port`).
// The usage printed after it lists every flag, so no list is added here. A flag that differs
// only by `no-` is never the one meant: it says the opposite (`--signing-secret` is no typo
// of `--no-signing-secret`).
function unknownFlagHint(message: string): string {
  // The flag up to the quote that ends it, not the first one: a stray quote from the shell
  // (`--json'`) is part of the flag, which is no unknown `--json`.
  const [unknown, flag] = /^Unknown option '--(.+?)'(?=\.|$)/.exec(message) ?? [];
  const opposite = (name: string) => name === `no-${flag}` || flag === `no-${name}`;
  const flags = Object.keys(OPTIONS).filter((name) => !opposite(name));
  const meant = flag === undefined ? undefined : closestName(flag, flags);
  return meant ? `${unknown}; did you mean --${meant}?` : message;
}

// parseArgs reads `--stop-grace -1` as a flag without its value followed by a short option,
// and its message asks for `--stop-grace=-XYZ`. A negative number after a flag that takes a
// value can only be that value: it is joined to it, so the flag's own check refuses it in
// the flag's own words.
function joinNegativeValues(argv: readonly string[]): string[] {
  const joined: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    const option = OPTIONS[arg.slice(2) as keyof typeof OPTIONS] as { type: string } | undefined;
    if (arg === '--') return [...joined, ...argv.slice(i)];
    if (arg.startsWith('--') && option?.type === 'string' && next && /^-\d/.test(next)) {
      joined.push(`${arg}=${next}`);
      i++;
    } else {
      joined.push(arg);
    }
  }
  return joined;
}

/**
 * Reads the command line into the service's options and the server's settings.
 *
 * @throws UsageError for a flag that is unknown, malformed or out of range.
 */
export function parse(argv: string[]) {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({
      args: joinNegativeValues(argv),
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(unknownFlagHint(error instanceof Error ? error.message : String(error)));
  }
  if (values.help) return { help: true as const, version: false as const };
  if (values.version) return { help: false as const, version: true as const };
  const options: MockServiceOptions = {};
  if (values.fixture !== undefined) {
    let text: string;
    try {
      text = readFileSync(values.fixture, 'utf8');
    } catch (error) {
      throw new UsageError(
        `Cannot read fixture ${values.fixture}: ${error instanceof Error ? error.message : error}`,
      );
    }
    Object.assign(options, parseFixture(text, values.fixture));
  }
  const orders = integerFlag('orders', values.orders, 0, MAX_GENERATED_ORDERS);
  if (orders !== undefined) options.orders = orders;
  const products = integerFlag('products', values.products, 0, 1_000_000);
  if (products !== undefined) options.products = products;
  const seed = integerFlag('seed', values.seed, 0, 0xffffffff);
  if (seed !== undefined) options.seed = seed;
  if (values['rate-limit'] !== undefined) {
    const match = /^(\d+)\/(\d+)$/.exec(values['rate-limit']);
    if (!match || Number(match[1]) < 1 || Number(match[2]) < 1) {
      throw new UsageError(
        `--rate-limit must be LIMIT/WINDOW_MS, e.g. 100/60000, got "${values['rate-limit']}"`,
      );
    }
    options.rateLimit = { limit: Number(match[1]), windowMs: Number(match[2]) };
  }
  if (values['no-signing-secret']) options.signingSecret = null;
  const faults = (values.fault ?? []).map(faultFlag);
  if (faults.length > 0) options.faults = faults;
  if (values.latency !== undefined) options.latency = latencyFlag(values.latency);
  const journal = integerFlag('journal-limit', values['journal-limit'], 0, MAX_RECORD_LIMIT);
  if (journal !== undefined) options.journal = { limit: journal };
  const deliveries = integerFlag(
    'deliveries-limit',
    values['deliveries-limit'],
    0,
    MAX_RECORD_LIMIT,
  );
  if (deliveries !== undefined) options.deliveries = { limit: deliveries };
  if (values['delivery-retry'] !== undefined) {
    options.deliveryRetry = deliveryRetryFlag(values['delivery-retry']);
  }
  return {
    help: false as const,
    version: false as const,
    json: values.json === true,
    lifetime: {
      exitWithStdin: values['exit-with-stdin'] === true,
      exitWithParent: values['no-exit-with-parent'] !== true,
    },
    stopGraceMs:
      integerFlag('stop-grace', values['stop-grace'], 0, MAX_DELAY_MS) ?? DEFAULT_STOP_GRACE_MS,
    options,
    port: integerFlag('port', values.port, 0, 65535) ?? 4010,
    host: hostFlag(values.host),
  };
}

function faultFlag(text: string, index: number): FaultRule {
  let rule: unknown;
  try {
    rule = JSON.parse(text);
  } catch {
    throw new UsageError(`--fault #${index + 1} must be a rule as JSON, got ${text}`);
  }
  try {
    return parseFaultRule(rule);
  } catch (error) {
    throw new UsageError(`--fault #${index + 1}: ${(error as Error).message}`);
  }
}

// The parts of --delivery-retry, named as the usage names them, by the option's field.
const RETRY_PARTS: Record<keyof DeliveryRetry, string> = {
  attempts: 'ATTEMPTS',
  baseDelayMs: 'BASE_MS',
  timeoutMs: 'TIMEOUT_MS',
};

// Checked by the option's own schema, so the flag takes exactly what `deliveryRetry` takes.
function deliveryRetryFlag(value: string): DeliveryRetry {
  const match = /^(\d+)\/(\d+)\/(\d+)$/.exec(value);
  if (!match) {
    throw new UsageError(
      `--delivery-retry must be ATTEMPTS/BASE_MS/TIMEOUT_MS, e.g. 3/200/5000, got "${value}"`,
    );
  }
  const [attempts, baseDelayMs, timeoutMs] = match.slice(1).map(Number);
  const result = DeliveryRetrySchema.safeParse({ attempts, baseDelayMs, timeoutMs });
  if (result.success) return result.data;
  const [issue] = result.error.issues;
  const part = RETRY_PARTS[issue?.path[0] as keyof DeliveryRetry] ?? 'its value';
  throw new UsageError(`--delivery-retry ${part} ${issue?.message}, got "${value}"`);
}

function latencyFlag(value: string): { minMs: number; maxMs: number } {
  const match = /^(\d+)(?:-(\d+))?$/.exec(value);
  const minMs = Number(match?.[1]);
  const maxMs = Number(match?.[2] ?? match?.[1]);
  if (!match || maxMs < minMs || maxMs > MAX_DELAY_MS) {
    throw new UsageError(
      `--latency must be MIN or MIN-MAX in ms (up to ${MAX_DELAY_MS}), e.g. 50-200, got "${value}"`,
    );
  }
  return { minMs, maxMs };
}

// node binds every interface for an empty host: `--host=` would expose the mock to the
// network when the user most likely meant nothing at all.
function hostFlag(value: string | undefined): string {
  if (value === undefined) return '127.0.0.1';
  if (value.trim() === '' || /\s/.test(value)) {
    throw new UsageError(`--host must be a host name or an IP address, got "${value}"`);
  }
  return value;
}

// The standalone mock: `order-fulfillment-mock [--port N] ...` serves the whole API over HTTP
// for integrators in any language, and prints what they need to call it.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEFAULT_STOP_GRACE_MS, shutDown, stopSignal } from './cli-lifetime.js';
import { parseFixture } from './fixture.js';
import { MAX_GENERATED_ORDERS, MAX_RECORD_LIMIT, type MockServiceOptions } from './options.js';
import { BASE_PATH } from './routes/context.js';
import { CONTROL_PREFIX } from './routes/control.js';
import { FULFILLMENT_PATH } from './routes/fulfillment.js';
import { type FaultRule, MAX_DELAY_MS, parseFaultRule } from './rules/fault-rule.js';
import { createService } from './service.js';

const USAGE = `Usage: order-fulfillment-mock [options]

  --port N                 TCP port (default 4010; 0 picks a free port)
  --host H                 interface to bind (default 127.0.0.1)
  --orders N               orders to generate (default 100)
  --products N             products to generate (default 20)
  --seed N                 seed of the generated data (default 1)
  --fixture FILE           JSON { orders?, products?, apiKeys?, signingSecret?, plan? }
  --rate-limit LIMIT/MS    requests per key per window, e.g. 100/60000 (default: none)
  --no-signing-secret      configure no signing secret (the inbound endpoint rejects all)
  --fault JSON             a fault rule, e.g. '{"path":"/api/v1/web-api/v1/orders*","status":503,"times":2}'
                           (repeatable; the rules match in the order given)
  --latency MIN[-MAX]      delay every API answer by MIN to MAX ms (default: none)
  --journal-limit N        requests the journal keeps (default 10000; 0 keeps none)
  --deliveries-limit N     webhook delivery attempts kept (default 10000; 0 keeps none)
  --json                   print one JSON line when ready (hostUrl, baseUrl, controlUrl, keys,
                           secret) instead of the banner
  --exit-with-stdin        exit when stdin closes
  --stop-grace MS          on SIGINT, SIGTERM or stdin closing: free the port at once, then wait
                           up to MS for webhook deliveries in flight and exit 0 (default 2000);
                           a second signal exits 0 at once
  --no-exit-with-parent    keep serving when the process that started it dies (by default it
                           exits, so a killed npx or npm wrapper leaves no server behind)
  --version                print the version
  --help                   show this help`;

class UsageError extends Error {}

function integerFlag(name: string, value: string | undefined, min: number, max: number) {
  if (value === undefined) return undefined;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

function parse(argv: string[]) {
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>['values'];
  try {
    ({ values } = parseArgs({
      args: argv,
      options: OPTIONS,
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
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

/**
 * One line on why the server could not bind: the flags were well-formed, the machine said
 * no (port taken, host unknown or not local), so this is a failure (exit 1), not a usage
 * error, and a stack trace would only hide the reason.
 */
function listenFailure(error: unknown, host: string, port: number): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const where = `${host}:${port}`;
  switch (code) {
    case 'EADDRINUSE':
      return `cannot listen on ${where}: the port is already in use (try another --port, or 0 for a free one)`;
    case 'EADDRNOTAVAIL':
      return `cannot listen on ${where}: ${host} is not an address of this machine`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
    case 'EAI_NONAME':
      return `cannot listen on ${where}: cannot resolve host "${host}"`;
    case 'EACCES':
      return `cannot listen on ${where}: permission denied (ports below 1024 need privileges)`;
    default:
      return `cannot listen on ${where}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

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
  json: { type: 'boolean' },
  'exit-with-stdin': { type: 'boolean' },
  'stop-grace': { type: 'string' },
  'no-exit-with-parent': { type: 'boolean' },
  version: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

// The package's version, from its package.json: two levels up in dist/mock/, one in mock/.
function version(): string {
  for (const up of ['../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(new URL(up, import.meta.url), 'utf8'));
      if (pkg.name === 'order-fulfillment-sdk') return String(pkg.version);
    } catch {
      // Not this level.
    }
  }
  return 'unknown';
}

async function main(argv: string[]): Promise<number> {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    if (!(error instanceof UsageError || error instanceof TypeError)) throw error;
    process.stderr.write(`order-fulfillment-mock: ${error.message}\n\n${USAGE}\n`);
    return 2;
  }
  if (parsed.help) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  if (parsed.version) {
    process.stdout.write(`${version()}\n`);
    return 0;
  }
  let mock: ReturnType<typeof createService>['service'];
  try {
    mock = createService(parsed.options).service;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // Rules are checked against the routes only here; name them as the flags the user wrote.
    const message = error.message.replace(
      /^createMockService: options\.faults\[(\d+)\][.\s]?/,
      (_, index: string) => `--fault #${Number(index) + 1}: `,
    );
    process.stderr.write(`order-fulfillment-mock: ${message}\n`);
    return 2;
  }
  let server: Awaited<ReturnType<typeof mock.listen>>;
  try {
    server = await mock.listen({ port: parsed.port, host: parsed.host });
  } catch (error) {
    process.stderr.write(
      `order-fulfillment-mock: ${listenFailure(error, parsed.host, parsed.port)}\n`,
    );
    return 1;
  }
  const { hostUrl } = server;
  // A second signal while deliveries drain ends it at once, and cleanly: the port is
  // already free, and abandoning the deliveries is what the user asked for.
  const stopped = stopSignal(parsed.lifetime, () => process.exit(0));
  if (parsed.json) {
    const ready = {
      hostUrl,
      baseUrl: `${hostUrl}${BASE_PATH}`,
      inboundUrl: `${hostUrl}${FULFILLMENT_PATH}`,
      controlUrl: `${hostUrl}${CONTROL_PREFIX}`,
      apiKeys: mock.apiKeys,
      signingSecret: mock.signingSecret,
      version: version(),
    };
    process.stdout.write(`${JSON.stringify(ready)}\n`);
  } else {
    printBanner(hostUrl, mock);
  }
  await stopped;
  await shutDown(server, mock, parsed.stopGraceMs);
  return 0;
}

function printBanner(hostUrl: string, mock: ReturnType<typeof createService>['service']): void {
  const lines = [
    `Order fulfillment mock listening on ${hostUrl}`,
    `  base_url:         ${hostUrl}${BASE_PATH}`,
    `  inbound endpoint: ${hostUrl}${FULFILLMENT_PATH}`,
    `  control:          ${hostUrl}${CONTROL_PREFIX}/`,
    'API keys (send as X-API-Key):',
    ...mock.apiKeys.map(
      (key) =>
        `  ${key.key}  scopes: ${key.scopes.join(', ') || '(none)'}` +
        (key.allowedIps ? `  allowed IPs: ${key.allowedIps.join(', ')}` : ''),
    ),
    `Signing secret (X-WMS-Signature): ${mock.signingSecret ?? '(none configured: the inbound endpoint rejects every request)'}`,
    'Press Ctrl+C to stop.',
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(
      `order-fulfillment-mock: ${error instanceof Error ? error.stack : String(error)}\n`,
    );
    process.exit(1);
  },
);

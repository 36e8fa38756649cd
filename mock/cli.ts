// The standalone mock: `order-fulfillment-mock [--port N] ...` serves the whole API over HTTP
// for integrators in any language, and prints what they need to call it.
import { readFileSync } from 'node:fs';
import { parse, USAGE, UsageError } from './cli-args.js';
import {
  STDIN_CLOSED,
  STDIN_ENDED_EARLY,
  shutDown,
  stdinEndsByItself,
  stopSignal,
} from './cli-lifetime.js';
import { BASE_PATH } from './routes/context.js';
import { CONTROL_PREFIX } from './routes/control.js';
import { FULFILLMENT_PATH } from './routes/fulfillment.js';
import { createService } from './service.js';

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
  if (parsed.lifetime.exitWithStdin && stdinEndsByItself()) {
    process.stderr.write(`order-fulfillment-mock: ${STDIN_ENDED_EARLY}\n`);
    return 2;
  }
  // Listening for a stop before the data set is generated: a harness that gives up on a slow
  // start (a large --orders) sends SIGTERM then, and node's default would end the process
  // with 143, which reads as a crash. Nothing is listening yet, so such a stop just exits 0.
  // A second signal while deliveries drain ends it at once, and cleanly: the port is
  // already free, and abandoning the deliveries is what the user asked for.
  // Stdin that ends before the ready line is a harness's mistake, not a stop: the mock would
  // be gone before it was used, and exit code 0 would hide why.
  let stopReason: string | undefined;
  const stopped = stopSignal(parsed.lifetime, () => process.exit(0)).then((reason) => {
    stopReason = reason;
    return reason;
  });
  const stoppedEarly = (): number | undefined => {
    if (stopReason === undefined) return undefined;
    if (stopReason === STDIN_CLOSED) {
      process.stderr.write(`order-fulfillment-mock: ${STDIN_ENDED_EARLY}\n`);
      return 2;
    }
    explainStop(stopReason);
    return 0;
  };
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
  // Generation held the event loop: a signal that came meanwhile is handled in the loop's
  // poll phase. Two immediates make sure one poll phase ran between generation and listen
  // (this may be running in a poll phase, after which the first immediate follows at once).
  for (let turn = 0; turn < 2; turn += 1) await new Promise((resolve) => setImmediate(resolve));
  const early = stoppedEarly();
  if (early !== undefined) return early;
  let server: Awaited<ReturnType<typeof mock.listen>>;
  try {
    server = await mock.listen({ port: parsed.port, host: parsed.host });
  } catch (error) {
    process.stderr.write(
      `order-fulfillment-mock: ${listenFailure(error, parsed.host, parsed.port)}\n`,
    );
    return 1;
  }
  const late = stoppedEarly();
  if (late !== undefined) {
    await server.close();
    return late;
  }
  const { hostUrl } = server;
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
  explainStop(await stopped);
  await shutDown(server, mock, parsed.stopGraceMs);
  return 0;
}

// A signal is the user's own doing; a stop for any other reason says why, since a harness
// still talking to the mock would otherwise meet refused connections with no word.
function explainStop(reason: string): void {
  if (!reason.startsWith('SIG'))
    process.stderr.write(`order-fulfillment-mock: stopping (${reason})\n`);
}

function printBanner(hostUrl: string, mock: ReturnType<typeof createService>['service']): void {
  const lines = [
    `Order fulfillment mock listening on ${hostUrl}`,
    `  base_url:         ${hostUrl}${BASE_PATH}`,
    `  inbound endpoint: ${hostUrl}${FULFILLMENT_PATH}`,
    `  control:          ${hostUrl}${CONTROL_PREFIX}`,
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

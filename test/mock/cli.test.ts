// The standalone CLI as a child process: it prints the URL, keys and secret, serves the API,
// rejects bad flags with exit code 2, and stops cleanly on SIGTERM.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { MOCK_API_KEY, MOCK_SIGNING_SECRET } from '../../mock/index.js';
import { run, started, stop, usageMessageOf } from '../support/cli.js';
import { send } from '../support/mock.js';

describe('order-fulfillment-mock CLI', () => {
  it('serves the API on the printed URL and prints keys, scopes and secret', async () => {
    const cli = await started(['--port', '0', '--orders', '25', '--seed', '4']);
    const { stdout } = cli.output();
    expect(stdout).toContain(MOCK_API_KEY);
    expect(stdout).toContain('orders:read, webhooks:manage, products:read, shipping:read');
    expect(stdout).toContain(MOCK_SIGNING_SECRET);
    // As --json's controlUrl writes it, without a trailing slash: a path is added with `/`.
    expect(stdout).toContain(`  control:          ${cli.hostUrl}/__mock\n`);
    const res = await send(`${cli.hostUrl}/api/v1/web-api/v1/orders?limit=5`);
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(25);
    expect(await stop(cli.child, cli.exited)).toBe(0);
  });

  it('prints a loopback URL, not the wildcard, given --host 0.0.0.0', async () => {
    const cli = await started(['--port', '0', '--host', '0.0.0.0', '--json', '--orders', '3']);
    const ready = JSON.parse(cli.output().stdout);
    expect(ready.hostUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(ready.baseUrl.startsWith(ready.hostUrl)).toBe(true);
    expect((await send(`${ready.baseUrl}/orders`)).body.total).toBe(3);
    expect(await stop(cli.child, cli.exited)).toBe(0);
  });

  it('loads a fixture and applies --rate-limit and --no-signing-secret', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ofs-mock-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const fixture = join(dir, 'fixture.json');
    writeFileSync(
      fixture,
      JSON.stringify({
        orders: [{ id: 'FX-1', status: 'Processing' }],
        products: [{ id: 7, sku: 'FX-SKU' }],
        apiKeys: [{ key: 'fixture-key', scopes: ['orders:read'] }],
      }),
    );
    const cli = await started([
      '--port',
      '0',
      '--fixture',
      fixture,
      '--rate-limit',
      '1/60000',
      '--no-signing-secret',
    ]);
    expect(cli.output().stdout).toContain('fixture-key  scopes: orders:read');
    expect(cli.output().stdout).toMatch(/Signing secret.*none configured/);
    const orders = await send(`${cli.hostUrl}/api/v1/web-api/v1/orders`, { key: 'fixture-key' });
    expect(orders.body.items.map((o: { id: string }) => o.id)).toEqual(['FX-1']);
    const limited = await send(`${cli.hostUrl}/api/v1/web-api/v1/orders`, { key: 'fixture-key' });
    expect(limited.status).toBe(429);
    const inbound = await send(`${cli.hostUrl}/api/v1/webhooks/wms/fulfillment`, {
      method: 'POST',
      key: null,
      body: {},
    });
    expect(inbound.status).toBe(403);
    expect(await stop(cli.child, cli.exited)).toBe(0);
  });

  it('exits with 2 and a message for bad flags and an invalid fixture', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ofs-mock-'));
    onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
    const fixture = join(dir, 'bad.json');
    writeFileSync(fixture, JSON.stringify({ apiKeys: [{ key: 'k', scopes: ['admin'] }] }));
    const cases: Array<[string[], RegExp]> = [
      [['--port', 'abc'], /--port must be an integer/],
      [['--bogus'], /Unknown option '--bogus'/],
      [['--rate-limit', '10'], /--rate-limit must be LIMIT\/WINDOW_MS/],
      [['--deliveries-limit', '1.5'], /--deliveries-limit must be an integer from 0 to 10000000/],
      [['--fixture', '/nonexistent/fixture.json'], /Cannot read fixture/],
      [['--fixture', fixture], /options\.apiKeys\[0\]\.scopes/],
      // An empty host would make node bind every interface.
      [['--host='], /--host must be a host name or an IP address, got ""/],
      [['--host', ' '], /--host must be a host name or an IP address/],
      [['--stop-grace', 'soon'], /--stop-grace must be an integer from 0 to 600000/],
    ];
    // Run side by side: each child spends most of its time starting tsx.
    const runs = cases.map(([args]) => run(args));
    const codes = await Promise.all(runs.map((cli) => cli.exited));
    cases.forEach(([args, message], i) => {
      expect(codes[i], args.join(' ')).toBe(2);
      expect(runs[i]?.output().stderr).toMatch(message);
    });
    expect(runs[0]?.output().stderr).toContain('Usage: order-fulfillment-mock');
    expect(runs.at(-2)?.output().stderr).toContain('Usage: order-fulfillment-mock');
  });

  it('exits with 1 and one line, no stack, when it cannot listen', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    onTestFinished(() => new Promise<void>((resolve) => blocker.close(() => resolve())));
    const { port } = blocker.address() as AddressInfo;
    const cases: Array<[string[], RegExp]> = [
      [
        ['--port', String(port)],
        new RegExp(
          `^order-fulfillment-mock: cannot listen on 127\\.0\\.0\\.1:${port}: the port is already in use`,
        ),
      ],
      // TEST-NET-1 (RFC 5737): never an address of this machine.
      [['--port', '0', '--host', '192.0.2.1'], /cannot listen on 192\.0\.2\.1:0: .*not an address/],
      [
        ['--port', '0', '--host', 'no-such-host.invalid'],
        /cannot resolve host "no-such-host\.invalid"/,
      ],
    ];
    const runs = cases.map(([args]) => run(args));
    const codes = await Promise.all(runs.map((cli) => cli.exited));
    cases.forEach(([args, message], i) => {
      const { stdout, stderr } = runs[i]?.output() ?? { stdout: '', stderr: '' };
      expect(codes[i], args.join(' ')).toBe(1);
      expect(stderr, args.join(' ')).toMatch(message);
      expect(stderr.trimEnd().split('\n'), args.join(' ')).toHaveLength(1);
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(stdout).toBe('');
    });
  });
});

describe('order-fulfillment-mock flags', () => {
  it.each([
    [['--prot', '4010'], "Unknown option '--prot'; did you mean --port?"],
    [['--Json'], "Unknown option '--Json'; did you mean --json?"],
    [['--fixtures=f.json'], "Unknown option '--fixtures'; did you mean --fixture?"],
    [['--stop-grace-ms', '5'], "Unknown option '--stop-grace-ms'; did you mean --stop-grace?"],
    // A stray quote from the shell is part of the flag, which is quoted whole, not cut at it.
    [["--json'"], "Unknown option '--json''; did you mean --json?"],
    [["--port's", '4010'], "Unknown option '--port's'; did you mean --port?"],
  ])('names the flag meant by an unknown %j', (argv, message) => {
    expect(usageMessageOf(argv)).toBe(message);
  });

  it('adds no guess when no flag is close: the usage printed after it lists them all', () => {
    const message = usageMessageOf(['--verbose']);
    expect(message).toContain("Unknown option '--verbose'");
    expect(message).not.toContain('did you mean');
  });

  // `no-x` is three edits from `x`, close enough to guess, yet it means the opposite: following
  // the hint for `--signing-secret` would turn signing off.
  it.each([['--signing-secret', 'whsec_1'], ['--exit-with-parent'], ['--no-json'], ['--no-port']])(
    'guesses no flag of the opposite sense for %s',
    (...argv) => {
      const message = usageMessageOf(argv);
      expect(message).toContain(`Unknown option '${argv[0]}'`);
      expect(message).not.toContain('did you mean');
    },
  );
});

// The names of the checks, in the order the matrix prints them. Apart from the checks so
// the runner can list every row (including the not-applicable ones) without loading them.

/** What every runtime runs against the mock on the host. */
export const SDK_CHECKS = [
  'pull orders over HTTP',
  'per-call signal and totalTimeout',
  'refused connection: ConnectionError, retried',
  'User-Agent',
  'sync pair (node:crypto)',
  'async pair (Web Crypto)',
  'unwrapWebhook on real deliveries',
  'createWebhookHandler on real deliveries',
  'replayed delivery handled once',
  'toNodeListener on node:http',
  "mock delivers to the runtime's server",
  'fulfillment.notifyShipped',
] as const;

/** What the runtimes that host the mock (Node, Bun, Deno) run on it. */
export const MOCK_CHECKS = ['mock in-process (msw handlers)', 'mock over HTTP (listen)'] as const;

// One mock service without its MSW handlers: options, clock, stores, rules and router wired
// together, and the state API (its types: mock/service-api.ts). mock/index.ts adds the MSW
// adapter; the standalone command (mock/cli.ts) uses this module directly, so it never loads
// msw.
import { createFetch } from './adapters/fetch.js';
import { listen } from './adapters/node.js';
import { resolveOptions } from './options.js';
import { BASE_PATH, type ServiceContext } from './routes/context.js';
import { isControlPath } from './routes/control.js';
import { Intake } from './routes/intake.js';
import type { Router } from './routes/router.js';
import { createRouter } from './routes/table.js';
import { createClock } from './rules/clock.js';
import { DeliveryQueue } from './rules/deliveries.js';
import { FaultBook } from './rules/faults.js';
import { Journal } from './rules/journal.js';
import type { MockApiKey } from './rules/keys.js';
import { KeyRing } from './rules/keys.js';
import type { MockRequest, MockRequests } from './rules/mock-request.js';
import { RateLimiter } from './rules/rate-limit.js';
import type { MockService } from './service-api.js';
import { toListShape } from './store/list-shape.js';
import { OrderStore } from './store/orders.js';
import { ProductStore } from './store/products.js';
import { MockInputError } from './store/store-errors.js';

// The rules of options.faults, checked as the state API checks them, named as options are.
function addRules(faults: FaultBook, rules: readonly unknown[]): void {
  rules.forEach((rule, i) => {
    try {
      faults.add(rule);
    } catch (error) {
      if (!(error instanceof MockInputError)) throw error;
      const issue = error.issues[0];
      const at = issue?.loc.map((key) => (typeof key === 'number' ? `[${key}]` : `.${key}`));
      throw new TypeError(
        `createMockService: options.faults[${i}]${at?.join('') ?? ''} ${issue?.msg ?? 'is invalid'}`,
      );
    }
  });
}

const copy = <T>(value: T): T => structuredClone(value);

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}

/**
 * Builds one service: its state API and the router both adapters serve.
 *
 * @param options - As createMockService takes them (checked here).
 */
export function createService(options: unknown): {
  service: Omit<MockService, 'handlers'>;
  router: Router;
  intake: Intake;
  clientIp: string;
} {
  const config = resolveOptions(options);
  const clock = createClock();
  const deliveries = new DeliveryQueue(
    config.seed,
    config.deliveryRetry,
    clock.nowMs,
    config.deliveries.limit,
  );
  const limiter = new RateLimiter(config.rateLimit, clock.nowMs);
  const keys = new KeyRing(config.apiKeys);
  // Rules are checked against the router's routes, built below; none is added before.
  // Faults never apply to the control routes, so a rule must reach an API route.
  const faults = new FaultBook((path) =>
    router.reaches(path, (routePath) => !isControlPath(routePath)),
  );
  // The host URL's path prefix: paths in fault rules and the journal are written after it.
  const prefix = config.hostUrl.slice(new URL(config.hostUrl).origin.length);
  const journal = new Journal(config.journal.limit, {
    prefix,
    keyIdOf(presented) {
      const key = keys.find(presented);
      // The key found is one of these objects, typed as MockApiKey (readonly lists).
      const all: readonly MockApiKey[] = config.apiKeys;
      return key ? `apiKeys[${all.indexOf(key)}]` : null;
    },
    values: [...config.apiKeys.map((key) => key.key), config.signingSecret ?? ''],
  });

  // Whether the data has changed since it was built: reset() builds it anew only then, since
  // a suite resets before each test and building a million orders takes seconds. Unwritten
  // data differs from new only in how far its cursor pages have gone, which decides the
  // stamps of later writes (write-stamps.ts): that is forgotten instead.
  let written = false;
  const build = () => {
    const products = new ProductStore(config.seed, config.products, () => {
      written = true;
    });
    const orders = new OrderStore({
      seed: config.seed,
      orders: config.orders,
      catalog: products.all.slice(),
      nowMs: clock.nowMs,
      onChange: (type, order) => {
        written = true;
        deliveries.emit(type, toListShape(order));
      },
    });
    written = false;
    return { orders, products };
  };
  let state = build();

  const ctx: ServiceContext = {
    hostUrl: config.hostUrl,
    baseUrl: `${config.hostUrl}${BASE_PATH}`,
    get state() {
      return state;
    },
    deliveries,
    keys,
    plan: config.plan,
    limiter,
    clock,
    signingSecret: config.signingSecret,
    faults,
    journal,
    reset() {
      clock.reset();
      limiter.reset();
      deliveries.reset();
      journal.clear();
      faults.reset();
      addRules(faults, config.faults);
      if (written) state = build();
      else state.orders.forgetCursorsServed();
    },
  };
  const router = createRouter(ctx);
  addRules(faults, config.faults);
  const intake = new Intake(router, {
    prefix,
    seed: config.seed,
    latency: config.latency,
    faults,
    journal,
    nowMs: clock.nowMs,
  });

  const service: Omit<MockService, 'handlers'> = {
    hostUrl: ctx.hostUrl,
    baseUrl: ctx.baseUrl,
    // Frozen: the keys are fixed when the service is made, so a write here would change
    // nothing; it throws instead of being ignored in silence.
    apiKeys: deepFreeze(copy(config.apiKeys)),
    signingSecret: config.signingSecret,
    fetch: createFetch(router, intake, config.clientIp),
    listen: (listenOptions) => listen(intake, ctx.hostUrl, listenOptions),
    orders: {
      create: (partial) => copy(state.orders.create(partial)),
      update: (id, patch) => copy(state.orders.update(id, patch)),
      get: (id) => {
        const order = state.orders.get(id);
        return order && copy(order);
      },
      all: () => state.orders.all().map(copy),
    },
    products: {
      create: (partial) => copy(state.products.create(partial)),
      update: (id, patch) => copy(state.products.update(id, patch)),
      get: (id) => {
        const product = state.products.get(id);
        return product && copy(product);
      },
      all: () => copy([...state.products.all]),
    },
    clock: { now: clock.now, set: clock.set, advance: clock.advance },
    get deliveries() {
      return copy(deliveries.deliveries);
    },
    get subscriptions() {
      return copy([...deliveries.subscriptions]);
    },
    flushDeliveries: () => deliveries.flush(),
    faults: {
      add: (rule) => faults.add(rule).id,
      list: () => faults.list(),
      remove: (id) => faults.remove(id),
      clear: () => faults.clear(),
    },
    get requests() {
      // Not enumerable: the snapshot compares and prints as the plain array it is.
      const entries = journal.entries() as MockRequest[] & Pick<MockRequests, 'clear'>;
      return Object.defineProperty(entries, 'clear', { value: () => journal.clear() });
    },
    reset: ctx.reset,
  };
  return { service, router, intake, clientIp: config.clientIp };
}

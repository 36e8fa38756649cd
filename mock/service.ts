// One mock service without its MSW handlers: options, clock, stores, rules and router wired
// together, and the state API. mock/index.ts adds the MSW adapter; the standalone command
// (mock/cli.ts) uses this module directly, so it never loads msw.
import { listen } from './adapters/node.js';
import type { MockService } from './index.js';
import { resolveOptions } from './options.js';
import { BASE_PATH, type ServiceContext } from './routes/context.js';
import type { Router } from './routes/router.js';
import { createRouter } from './routes/table.js';
import { createClock } from './rules/clock.js';
import { DeliveryQueue } from './rules/deliveries.js';
import { KeyRing } from './rules/keys.js';
import { RateLimiter } from './rules/rate-limit.js';
import { toListShape } from './store/list-shape.js';
import { OrderStore } from './store/orders.js';
import { ProductStore } from './store/products.js';

const copy = <T>(value: T): T => structuredClone(value);

/**
 * Builds one service: its state API and the router both adapters serve.
 *
 * @param options - As createMockService takes them (checked here).
 */
export function createService(options: unknown): {
  service: Omit<MockService, 'handlers'>;
  router: Router;
  clientIp: string;
} {
  const config = resolveOptions(options);
  const clock = createClock();
  const deliveries = new DeliveryQueue(config.seed, config.deliveryRetry, clock.nowMs);
  const limiter = new RateLimiter(config.rateLimit, clock.nowMs);

  const build = () => {
    const products = new ProductStore(config.seed, config.products);
    const orders = new OrderStore({
      seed: config.seed,
      orders: config.orders,
      catalog: products.all.slice(),
      nowMs: clock.nowMs,
      onChange: (type, order) => deliveries.emit(type, toListShape(order)),
    });
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
    keys: new KeyRing(config.apiKeys),
    plan: config.plan,
    limiter,
    clock,
    signingSecret: config.signingSecret,
    reset() {
      clock.reset();
      limiter.reset();
      deliveries.reset();
      state = build();
    },
  };
  const router = createRouter(ctx);

  const service: Omit<MockService, 'handlers'> = {
    hostUrl: ctx.hostUrl,
    baseUrl: ctx.baseUrl,
    apiKeys: copy(config.apiKeys),
    signingSecret: config.signingSecret,
    listen: (listenOptions) => listen(router, ctx.hostUrl, listenOptions),
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
      return copy([...deliveries.deliveries]);
    },
    get subscriptions() {
      return copy([...deliveries.subscriptions]);
    },
    flushDeliveries: () => deliveries.flush(),
    reset: ctx.reset,
  };
  return { service, router, clientIp: config.clientIp };
}

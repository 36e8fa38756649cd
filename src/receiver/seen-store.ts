// Where createWebhookHandler remembers the event ids it has handled, so that a redelivery
// is acknowledged without running its handler again.
import { refuseUnknownOptions } from '../core/not-an-option.js';

/**
 * The ids of events already handled. Both methods may return a promise, so a database
 * table, Redis or a Workers KV namespace can back it. `add` is called only after an
 * event's handler succeeded. A plain `Set` is one too (unbounded).
 *
 * @example
 * ```ts
 * const seen: SeenStore = {
 *   has: async (id) => (await env.EVENTS.get(id)) !== null,
 *   add: (id) => env.EVENTS.put(id, '1', { expirationTtl: 86_400 }),
 * };
 * ```
 */
export interface SeenStore {
  /** Whether the event id was handled before. */
  has(eventId: string): boolean | Promise<boolean>;
  /**
   * Records the event id as handled. A promise it returns is awaited; its value, like the
   * `Set` a `Set`'s `add` returns, is ignored.
   */
  add(eventId: string): unknown;
}

/**
 * Options of {@link createMemorySeenStore}.
 *
 * @example
 * ```ts
 * const seen = createMemorySeenStore({ limit: 50_000 } satisfies MemorySeenStoreOptions);
 * ```
 */
export interface MemorySeenStoreOptions {
  /** How many ids to keep; the oldest is forgotten first. Default 10,000. */
  limit?: number | undefined;
}

/**
 * The default {@link SeenStore}: the ids in memory, at most `limit` of them, the oldest
 * forgotten first. It lives as long as the process or isolate does, and each instance of a
 * receiver has its own: a retry that reaches another instance, or comes after a restart,
 * is not recognised. Use a shared store where that matters.
 *
 * @param options - `limit`, the number of ids kept (default 10,000).
 * @returns A store for {@link createWebhookHandler}'s `seen` option.
 * @throws {@link ConfigurationError} for an option it does not have (`limt`, with the one
 *   likely meant).
 * @throws RangeError for a `limit` that is not a whole number above 0.
 *
 * @example
 * ```ts
 * const handler = createWebhookHandler({ secret, on, seen: createMemorySeenStore({ limit: 50_000 }) });
 * ```
 */
export function createMemorySeenStore(options: MemorySeenStoreOptions = {}): SeenStore {
  refuseUnknownOptions(options, { limit: 1 }, ' of createMemorySeenStore');
  const limit = options.limit ?? 10_000;
  if (!Number.isSafeInteger(limit) || limit < 1) {
    throw new RangeError(`limit must be a whole number >= 1, got ${String(limit)}`);
  }
  // A Set iterates in insertion order, so its first id is the oldest.
  const ids = new Set<string>();
  return {
    has: (eventId) => ids.has(eventId),
    add(eventId) {
      ids.delete(eventId);
      ids.add(eventId);
      if (ids.size > limit) ids.delete(ids.values().next().value as string);
    },
  };
}

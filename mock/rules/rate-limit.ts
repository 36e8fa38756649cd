// Per-key request limits on the mock clock: a fixed window opens at a key's first request
// and admits `limit` requests; the next request after it opens a new window.

/** The rate limit of the `rateLimit` option. */
export interface RateLimit {
  /** Requests each key may make per window. */
  limit: number;
  /** Window length in milliseconds of the mock clock. */
  windowMs: number;
}

/** Whether a request may go ahead, and if not, how long to wait. */
export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Counts requests per key against a {@link RateLimit}. */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  /**
   * @param rule - The limit, or false for none.
   * @param nowMs - The mock clock.
   */
  constructor(
    private readonly rule: RateLimit | false,
    private readonly nowMs: () => number,
  ) {}

  /**
   * Counts a request for `key` if it is admitted. A rejected request is not counted, so
   * waiting `Retry-After` seconds always suffices.
   *
   * @param key - The API key.
   */
  take(key: string): RateDecision {
    if (!this.rule) return { allowed: true };
    const now = this.nowMs();
    let window = this.windows.get(key);
    // A clock moved backwards also opens a fresh window, rather than blocking for ages.
    if (!window || now >= window.start + this.rule.windowMs || now < window.start) {
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count < this.rule.limit) {
      window.count++;
      return { allowed: true };
    }
    const waitMs = window.start + this.rule.windowMs - now;
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Forgets every window. */
  reset(): void {
    this.windows.clear();
  }
}

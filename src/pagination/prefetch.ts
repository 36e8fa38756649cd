// The pages of one pull, fetched up to `prefetch` ahead of the consumer. Each page's position
// is known only once the page before it arrived (a cursor comes from the previous page; an
// offset page learns from its predecessor whether there is a next one), so the requests form
// a chain: one in flight at a time, the next one started the moment its predecessor lands
// while fewer than `prefetch` pages wait unread, else once the consumer has taken one.
import { followSignals } from '../core/signals.js';

/** Fetches the page at a position, aborted by `signal`. */
export type FetchPageAt<Position, Page> = (
  position: Position,
  signal: AbortSignal,
) => Promise<Page>;

/**
 * The position of the page after `page`, or `undefined` when `page` is the last. Throwing
 * fails `page` itself: a page that cannot be continued from is reported where it was read.
 */
export type PositionAfter<Position, Page> = (
  page: Page,
  position: Position,
) => Position | undefined;

// Runs `work` once the current task and its microtasks are done: setImmediate where the
// runtime has it, since a timer waits at least a millisecond on Node. Looked up at each use,
// like the SDK's other timers: one taken when the SDK loads would keep a test's fake timers
// (installed by a setup file) for good, on a clock that no longer runs once they are removed.
function afterThisTask(work: () => void): void {
  if (typeof globalThis.setImmediate === 'function') globalThis.setImmediate(work);
  else setTimeout(work, 0);
}

/** Pages fetched ahead by default: the next one loads while the consumer works on the current. */
export const DEFAULT_PREFETCH = 1;

/**
 * The request chain of one pull. `pages()` hands out the pages in order; in between, the
 * chain keeps at most `prefetch` pages requested but not yet taken. A page's failure is kept with
 * that page, so the consumer meets it when it reaches the page, and ends the chain there.
 *
 * @internal
 */
export class Prefetcher<Position, Page> {
  readonly #prefetch: number;
  // Collectors reading now (`toArray`): while any is, nothing is fetched ahead.
  #holds = 0;
  // Pages requested and not yet taken, oldest first.
  readonly #ahead: Promise<Page>[] = [];
  // A fill is scheduled (#take): one at a time, so a faked clock that is not advanced holds
  // one, not one per page.
  #scheduled = false;
  // Where the next request starts, once the last page requested has arrived and has a
  // successor; undefined while a request is in flight, and after the last page, a failure or
  // stop(). So it alone says whether a request may start: one at a time, none after the end.
  #next: Position | undefined;
  readonly #stop = new AbortController();
  // The caller's signal, followed only while a request is in flight: a pull left open (a
  // toArray that had enough, a pull dropped) keeps no listener on a long-lived signal.
  readonly #caller: AbortSignal | undefined;
  #failure: { error: unknown } | undefined;
  readonly #fetchPage: FetchPageAt<Position, Page>;
  readonly #after: PositionAfter<Position, Page>;

  /**
   * @param start - Where the first page starts.
   * @param prefetch - Pages to fetch ahead of the consumer; 0 fetches each on demand.
   * @param fetchPage - Fetches one page.
   * @param after - The position of the next page, from a page.
   * @param signal - The caller's signal: aborting it fails the page in flight.
   */
  constructor(
    start: Position,
    prefetch: number,
    fetchPage: FetchPageAt<Position, Page>,
    after: PositionAfter<Position, Page>,
    signal?: AbortSignal,
  ) {
    this.#next = start;
    this.#prefetch = prefetch;
    this.#fetchPage = fetchPage;
    this.#after = after;
    this.#caller = signal;
  }

  /** What a page failed with, once one has: the pull ended there. */
  get failure(): { error: unknown } | undefined {
    return this.#failure;
  }

  /** Whether {@link Prefetcher.stop} ended the pull (a `break`), as opposed to its last page. */
  get stopped(): boolean {
    return this.#stop.signal.aborted;
  }

  /**
   * The pages in order. Each is taken (and the chain allowed past it) when the consumer asks
   * for the next: the page the consumer holds plus at most `prefetch` ahead. Ends quietly
   * after {@link Prefetcher.stop}; a page's failure is thrown where that page would be.
   */
  async *pages(): AsyncGenerator<Page, undefined, undefined> {
    for (let pending = this.#take(); pending; pending = this.#take()) {
      let page: Page;
      try {
        page = await pending;
      } catch (error) {
        // Aborted by stop() (a break): the pull ended, it did not fail.
        if (this.stopped) return undefined;
        this.#failure = { error };
        throw error;
      }
      // A fetch that does not heed the signal may still answer: the pull has ended anyway.
      if (this.stopped) return undefined;
      yield page;
    }
  }

  /**
   * Stops fetching ahead until the returned function is called, once: for a collector that
   * knows when it has enough (`toArray`), and does no work between pages for a request to
   * overlap.
   */
  hold(): () => void {
    this.#holds++;
    return () => {
      this.#holds--;
    };
  }

  /** Ends the pull: aborts the request in flight, drops what was fetched ahead. */
  stop(): void {
    this.#stop.abort();
    this.#ahead.length = 0;
    this.#next = undefined;
  }

  // The next page in order: one fetched ahead, or requested now; undefined at the end.
  #take(): Promise<Page> | undefined {
    const pending = this.#ahead.shift() ?? this.#request();
    // The taken page no longer counts against the bound, so the chain may move on, once the
    // consumer has the page: a request is built synchronously (ky makes its Requests up
    // front), and a page already in hand would wait for it. Built at the consumer's first
    // await instead, it loads while the consumer's own I/O does. Only when a request could
    // start (#mayRequest): not while one is in flight (its arrival fills), not with prefetch 0,
    // not for a collector (hold), which would have let go by then.
    if (this.#mayRequest() && !this.#scheduled) {
      this.#scheduled = true;
      afterThisTask(() => {
        this.#scheduled = false;
        this.#fill();
      });
    }
    return pending;
  }

  // Whether a page may be fetched ahead now: no collector reading, room within the bound, and
  // a position to fetch (none while a request is in flight, after the end, a failure or stop).
  #mayRequest(): boolean {
    return this.#holds === 0 && this.#ahead.length < this.#prefetch && this.#next !== undefined;
  }

  #fill(): void {
    const pending = this.#mayRequest() ? this.#request() : undefined;
    if (pending) this.#ahead.push(pending);
  }

  #request(): Promise<Page> | undefined {
    const position = this.#next;
    if (position === undefined) return undefined;
    this.#next = undefined;
    const page = this.#load(position);
    // A page fetched ahead may fail, or be aborted by stop(), before anyone awaits it: its
    // error belongs to whoever takes it, so it must not count as unhandled meanwhile.
    page.catch(() => {});
    return page;
  }

  async #load(position: Position): Promise<Page> {
    const caller = this.#caller && followSignals(this.#caller, this.#stop.signal);
    try {
      const page = await this.#fetchPage(position, caller?.signal ?? this.#stop.signal);
      if (!this.stopped) this.#next = this.#after(page, position);
      return page;
    } finally {
      caller?.release();
      // Before the consumer resumes with this page: the next request overlaps its work.
      this.#fill();
    }
  }
}

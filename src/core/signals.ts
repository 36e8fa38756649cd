// One signal for several: the caller's abort with the total timeout, the caller's abort with a
// pull's stop; and the total timeout's own signal. What `AbortSignal.any` does, written out:
// Vercel's edge runtime lacks it (and ky itself then combines nothing), and on Node 20 and 22
// each `AbortSignal.any` over a long-lived signal (a shutdown signal) leaves bookkeeping on it
// for good. Here a call's signal follows the caller's through one listener per signal, however
// many calls are in flight (Node warns past 10 listeners), released once the last call has
// ended. And a race that ends a call on its signal where ky would not yet end it.

/** A signal of the SDK's own, and how to let go of what it follows (signals, a timer). */
export interface FollowedSignals {
  /** Aborts when what it follows does: another signal (with that reason), or a timer. */
  signal: AbortSignal;
  /** Stops following: call it once the work the signal guards has ended. */
  release(): void;
}

/**
 * A signal that aborts as soon as any of `signals` does, with that signal's reason.
 *
 * @param signals - The signals to follow.
 * @internal
 */
export function followSignals(...signals: AbortSignal[]): FollowedSignals {
  const controller = new AbortController();
  const aborted = signals.find((signal) => signal.aborted);
  if (aborted) {
    controller.abort(aborted.reason);
    return { signal: controller.signal, release: () => {} };
  }
  const leaves = signals.map((signal) => follow(signal, controller));
  const release = () => {
    for (const leave of leaves) leave();
  };
  // Once one of them has aborted it, it follows the others no longer.
  controller.signal.addEventListener('abort', release, { once: true });
  return { signal: controller.signal, release };
}

// The controllers following each signal, and the one listener that aborts them all.
interface Followers {
  controllers: Set<AbortController>;
  onAbort(): void;
}

const following = new WeakMap<AbortSignal, Followers>();

// Makes `controller` follow `source`; returns how to stop, which takes the listener off
// `source` once nothing follows it.
function follow(source: AbortSignal, controller: AbortController): () => void {
  const entry = following.get(source) ?? listenTo(source);
  entry.controllers.add(controller);
  return () => {
    entry.controllers.delete(controller);
    if (entry.controllers.size === 0 && following.get(source) === entry) {
      following.delete(source);
      source.removeEventListener('abort', entry.onAbort);
    }
  };
}

// The one listener on `source`, which aborts every controller following it.
function listenTo(source: AbortSignal): Followers {
  const controllers = new Set<AbortController>();
  const entry: Followers = {
    controllers,
    onAbort: () => {
      following.delete(source);
      for (const each of controllers) each.abort(source.reason);
    },
  };
  following.set(source, entry);
  source.addEventListener('abort', entry.onAbort, { once: true });
  return entry;
}

/**
 * A signal that aborts with a `TimeoutError` after `ms`, on the global `setTimeout`: a test's
 * fake timers drive it as they drive ky's per-attempt timeout and the waits between retries,
 * which they cannot do for `AbortSignal.timeout`. Release it once the work has ended.
 *
 * @param ms - The limit, in milliseconds.
 * @internal
 */
export function timeoutSignal(ms: number): FollowedSignals {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException('The operation timed out.', 'TimeoutError')),
    ms,
  );
  return { signal: controller.signal, release: () => clearTimeout(timer) };
}

/**
 * Settles as `work` does, or rejects with the signal's reason as soon as it aborts: ky looks
 * at the signal only when it gets the chance, not while a caller's hook awaits, nor in its
 * wait between retries where it cannot follow a signal. The work runs on until ky looks (the
 * transport's beforeRetry hook and fetch then stop it) and its outcome is dropped.
 *
 * @param work - The call.
 * @param signal - What ends it.
 * @internal
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

// One signal for several: the caller's abort with the total timeout, the caller's abort with a
// pull's stop; and the total timeout's own signal. What `AbortSignal.any` does, written out because Vercel's edge runtime lacks
// it (and ky itself then combines nothing); with a release, so that a long-lived signal of
// the caller's (a shutdown signal) keeps no listener once the work it guarded has ended.
// And, for that runtime, a race that ends a call on its signal where ky cannot.

/** A signal following several, and how to stop following them. */
export interface FollowedSignals {
  /** Aborts, with the same reason, as soon as any of the signals followed does. */
  signal: AbortSignal;
  /** Stops following them: call it once the work the signal guards has ended. */
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
  const release = () => {
    for (const signal of signals) signal.removeEventListener('abort', onAbort);
  };
  const onAbort = (event: Event) => {
    release();
    controller.abort((event.target as AbortSignal).reason);
  };
  for (const signal of signals) signal.addEventListener('abort', onAbort);
  return { signal: controller.signal, release };
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
 * Whether ky ends its wait between retries when the call's signal aborts. It does where it
 * can combine that signal with its own (`AbortSignal.any`), and waits the delay out where
 * it cannot (Vercel's edge runtime), read as ky reads it, once.
 *
 * @internal
 */
export const kyFollowsSignal = typeof AbortSignal.any === 'function';

/**
 * Settles as `work` does, or rejects with the signal's reason as soon as it aborts: for a
 * call whose wait between retries ky would not end. The work runs on to the end of that
 * wait (where the transport's beforeRetry hook stops it) and its outcome is dropped.
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

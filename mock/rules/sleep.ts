// A wait on the global setTimeout (so a test's fake timers drive it) that ends early, rejecting
// with the signal's reason, when its signal aborts: a client giving up on a delayed answer, a
// reset ending a delivery's backoff. Nothing then holds a timer open for work already stopped.

/**
 * Resolves after `ms`, or rejects with `signal`'s reason as soon as it aborts.
 *
 * @param ms - How long to wait.
 * @param signal - What ends the wait early.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

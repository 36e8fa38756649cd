// A wait on the global setTimeout (so a test's fake timers drive it) that ends early, rejecting
// with the signal's reason, when its signal aborts: a client giving up on a delayed answer, a
// reset ending a delivery's backoff. Nothing then holds a timer open for work already stopped.
import { followSignals } from '../../src/core/signals.js';

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
    // Followed rather than listened to: however many waits follow one signal (every
    // delivery's backoff follows the reset's), it holds one listener, where one each passed
    // Node's warning of a leak at eleven.
    const followed = signal && followSignals(signal);
    const timer = setTimeout(() => {
      followed?.release();
      resolve();
    }, ms);
    followed?.signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(signal?.reason);
      },
      { once: true },
    );
  });
}

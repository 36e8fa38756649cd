// One signal for several: the caller's abort with the total timeout, the caller's abort with a
// pull's stop. What `AbortSignal.any` does, written out because Vercel's edge runtime lacks
// it (and ky itself then combines nothing); with a release, so that a long-lived signal of
// the caller's (a shutdown signal) keeps no listener once the work it guarded has ended.

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

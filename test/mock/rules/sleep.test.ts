// The mock's one wait: a fault's delay and a delivery's backoff, ended by a signal.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sleep } from '../../../mock/rules/sleep.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('sleep', () => {
  it('ends every wait on one signal with its reason, leaving no listener warning', async () => {
    // A reset ends every delivery's backoff: a receiver down while a dozen orders change.
    const warnings: Error[] = [];
    const onWarning = (warning: Error) => warnings.push(warning);
    process.on('warning', onWarning);
    try {
      const reset = new AbortController();
      const waits = Array.from({ length: 20 }, () => sleep(60_000, reset.signal));
      reset.abort(new Error('reset'));
      const ended = await Promise.allSettled(waits);
      expect(ended.map((end) => end.status)).toEqual(Array(20).fill('rejected'));
      expect((ended[0] as PromiseRejectedResult).reason).toEqual(new Error('reset'));
      // Node emits its warning on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.map((warning) => warning.name)).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('resolves after its time, and a signal aborted before rejects at once', async () => {
    vi.useFakeTimers();
    const signal = new AbortController().signal;
    let done = false;
    const wait = sleep(1_000, signal).then(() => {
      done = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await wait;
    expect(done).toBe(true);
    await expect(sleep(10, AbortSignal.abort('gone'))).rejects.toBe('gone');
  });
});

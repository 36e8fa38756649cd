// One signal for several (the caller's abort with the total timeout or a pull's stop), by
// hand because Vercel's edge runtime has no AbortSignal.any; and released once done, so a
// long-lived signal of the caller's keeps no listener per request.
import { describe, expect, it } from 'vitest';
import { followSignals } from '../../src/core/signals.js';

describe('followSignals', () => {
  it("aborts as soon as any signal does, with that signal's reason", () => {
    const first = new AbortController();
    const second = new AbortController();
    const { signal } = followSignals(first.signal, second.signal);
    expect(signal.aborted).toBe(false);
    second.abort(new Error('total timeout'));
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toEqual(new Error('total timeout'));
    first.abort(new Error('later'));
    expect(signal.reason).toEqual(new Error('total timeout'));
  });

  it('is aborted from the start when a signal already is', () => {
    const { signal } = followSignals(new AbortController().signal, AbortSignal.abort('gone'));
    expect(signal.aborted).toBe(true);
    expect(signal.reason).toBe('gone');
  });

  it('follows nothing once released: a later abort leaves it be', () => {
    const caller = new AbortController();
    const { signal, release } = followSignals(caller.signal, new AbortController().signal);
    release();
    caller.abort();
    expect(signal.aborted).toBe(false);
  });
});

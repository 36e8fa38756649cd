// Callbacks for logs that fail, the two ways a logger does, and a check that nothing they did
// escaped as an unhandled rejection, which ends a Node process.
import { expect } from 'vitest';

/**
 * Runs `check` with a callback that throws, then with one whose promise rejects, and then
 * asserts that neither left an unhandled rejection.
 *
 * @param check - Sets the callback where it is told of something, and asserts the outcome.
 */
export async function eachFailingCallback(
  check: (callback: () => unknown) => Promise<void>,
): Promise<void> {
  const unhandled: unknown[] = [];
  const listener = (reason: unknown) => unhandled.push(reason);
  process.on('unhandledRejection', listener);
  try {
    await check(() => {
      throw new Error('logger closed');
    });
    await check(() => Promise.reject(new Error('log shipping down')));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(unhandled).toEqual([]);
  } finally {
    process.off('unhandledRejection', listener);
  }
}

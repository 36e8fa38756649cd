// The error a call failed with, for tests that assert on more than its class.

/** Awaits the call and returns what it threw; throws if it succeeded. */
export async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

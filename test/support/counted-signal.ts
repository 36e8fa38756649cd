// A caller's signal that tells how many listeners are on it, for the tests that hold the SDK
// to leaving none behind once a call or a pull has ended.

/** A caller's signal that counts the listeners on it. */
export function countedSignal() {
  const { signal } = new AbortController();
  const listeners = new Set<unknown>();
  const add = signal.addEventListener.bind(signal);
  const remove = signal.removeEventListener.bind(signal);
  signal.addEventListener = (...args: Parameters<typeof add>) => {
    listeners.add(args[1]);
    add(...args);
  };
  signal.removeEventListener = (...args: Parameters<typeof remove>) => {
    listeners.delete(args[1]);
    remove(...args);
  };
  return { signal, listeners: () => listeners.size };
}

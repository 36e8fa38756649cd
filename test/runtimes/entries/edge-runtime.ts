// The SDK checks for Vercel's edge runtime, which evaluates a script, not a module: the
// worker's `fetch` registered as a service-worker style `fetch` listener.
import worker from './worker.js';

interface FetchEvent {
  request: Request;
  respondWith(response: Promise<Response>): void;
}

// The edge runtime's global scope is an EventTarget that dispatches `fetch` events; DOM
// types do not know that event, so it is described here.
(
  globalThis as unknown as {
    addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  }
).addEventListener('fetch', (event) => event.respondWith(worker.fetch(event.request)));

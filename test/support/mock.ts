// Shared test plumbing for the mock: one msw server per file, a way to run a test against
// the handlers in-process or over real HTTP, and a small JSON request helper.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, onTestFinished } from 'vitest';
import { BASE_PATH, MOCK_API_KEY, type MockService } from '../../mock/index.js';

/** How a test reaches the mock. */
export type Mode = 'in-process' | 'http';

/** Both ways, for `describe.each(MODES)`. */
export const MODES: Mode[] = ['in-process', 'http'];

/**
 * One msw server for the file: unhandled requests fail the test, except those to a real local
 * server (the standalone mock, a webhook receiver), which pass through.
 */
export function useMswServer() {
  const server = setupServer();
  beforeAll(() =>
    server.listen({
      onUnhandledRequest(request, print) {
        if (new URL(request.url).hostname !== '127.0.0.1') print.error();
      },
    }),
  );
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/** A parsed JSON answer. */
export interface JsonResponse {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON fields
  body: any;
}

/** Request options of {@link Target.call}. */
export interface CallOptions {
  method?: string;
  /** An object is sent as JSON; a string is sent as is. */
  body?: unknown;
  /** The API key; null sends none. Default MOCK_API_KEY. */
  key?: string | null;
  headers?: Record<string, string>;
}

/** A running mock reached in one {@link Mode}. */
export interface Target {
  /** `{host_url}` as the client sees it. */
  hostUrl: string;
  /** `{base_url}` as the client sees it. */
  baseUrl: string;
  /** Calls `{base_url}` + path (or an absolute URL) and parses the JSON answer. */
  call(path: string, options?: CallOptions): Promise<JsonResponse>;
}

/**
 * Sends one request and parses the answer as JSON (every answer of the mock is JSON).
 *
 * @param url - Absolute URL.
 * @param options - Method, body, key, headers.
 */
export async function send(url: string, options: CallOptions = {}): Promise<JsonResponse> {
  const headers: Record<string, string> = { ...options.headers };
  const key = options.key === undefined ? MOCK_API_KEY : options.key;
  if (key !== null) headers['X-API-Key'] = key;
  let body: string | undefined;
  if (options.body !== undefined) {
    body = typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
    headers['Content-Type'] ??= 'application/json';
  }
  const response = await fetch(url, { method: options.method ?? 'GET', headers, body });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

/**
 * Makes the mock reachable in a mode: its handlers on the file's msw server, or its own
 * HTTP server (closed when the test ends).
 *
 * @param server - The file's msw server.
 * @param mock - The service.
 * @param mode - How to reach it.
 */
export async function reach(
  server: ReturnType<typeof setupServer>,
  mock: MockService,
  mode: Mode,
): Promise<Target> {
  let hostUrl = mock.hostUrl;
  if (mode === 'in-process') {
    server.use(...mock.handlers);
  } else {
    const running = await mock.listen();
    onTestFinished(() => running.close());
    hostUrl = running.hostUrl;
  }
  const baseUrl = `${hostUrl}${BASE_PATH}`;
  return {
    hostUrl,
    baseUrl,
    call: (path, options) => send(path.startsWith('http') ? path : `${baseUrl}${path}`, options),
  };
}

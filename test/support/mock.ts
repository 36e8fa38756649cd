// How tests reach the mock, in one vocabulary. A transport is either
//   'msw'  – in-process through MSW: the mock's handlers on an msw server (or, with no global
//            interception at all, `handlerFetch`, a fetch answered by the handlers);
//   'http' – over real HTTP: `mock.listen()` on a local port.
// `reach` makes one mock reachable one way; `useMock` does the same for suites that start a
// fresh mock per test; `send` is a small JSON request helper.
import { getResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, onTestFinished } from 'vitest';
import {
  BASE_PATH,
  createMockService,
  MOCK_API_KEY,
  type MockService,
  type MockServiceOptions,
} from '../../mock/index.js';

/** How a test reaches the mock: in-process through MSW, or over real HTTP. */
export type Transport = 'msw' | 'http';

/** Both transports, for `describe.each(TRANSPORTS)`. */
export const TRANSPORTS: Transport[] = ['msw', 'http'];

/** The msw server of one test file. */
export type MswServer = ReturnType<typeof setupServer>;

/**
 * One msw server for the file: unhandled requests fail the test, except those to a real local
 * server (the standalone mock, a webhook receiver), which pass through.
 */
export function useMswServer(): MswServer {
  const server = setupServer();
  const passLocal = (url: string, error: () => void) => {
    if (new URL(url).hostname !== '127.0.0.1') error();
  };
  beforeAll(() =>
    server.listen(
      unhandled(
        (request, print) => passLocal(request.url, () => print.error()),
        ({ frame, defaults }) => {
          const { request } = frame.data as { request?: Request };
          if (request) passLocal(request.url, () => defaults.error());
          else defaults.error();
        },
      ),
    ),
  );
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());
  return server;
}

/**
 * The listen options of both msw majors: msw 3 renamed `onUnhandledRequest` to
 * `onUnhandledFrame` (given a frame, whose data holds the request) and ignores the old name, as
 * msw 2 ignores the new one. Not an object literal at the call, so neither major's types refuse
 * the other's name.
 */
function unhandled(
  request: (request: Request, print: { error(): void }) => void,
  frame: (args: { frame: { data: unknown }; defaults: { error(): void } }) => void,
) {
  return { onUnhandledRequest: request, onUnhandledFrame: frame };
}

/** Fails every unhandled request, on msw 2 and msw 3 alike. */
const ERROR_ON_UNHANDLED = { onUnhandledRequest: 'error', onUnhandledFrame: 'error' } as const;

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
  /** Gives up on the call when it aborts. */
  signal?: AbortSignal;
}

/** A running mock reached over one {@link Transport}. */
export interface Target {
  /** `{host_url}` as the client sees it (give this to the SDK). */
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
  const response = await fetch(url, {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: JSON.parse(text) };
}

/**
 * Makes the mock reachable over a transport: its handlers on the file's msw server, or its
 * own HTTP server (closed when the test ends).
 *
 * @param server - The file's msw server (unused over 'http').
 * @param mock - The service.
 * @param transport - How to reach it.
 */
export async function reach(
  server: MswServer | undefined,
  mock: MockService,
  transport: Transport,
): Promise<Target> {
  let hostUrl = mock.hostUrl;
  if (transport === 'msw') {
    if (!server) throw new Error("reach(..., 'msw') needs the file's msw server");
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

/** A mock started by {@link useMock}, reached over its suite's transport. */
export interface StartedMock extends Target {
  mock: MockService;
}

/**
 * For a suite over one transport: registers its hooks and returns `start`, which creates a
 * fresh mock for a test and reaches it. Over 'http' no msw server runs at all, so the suite
 * reaches the real socket.
 *
 * @param transport - How the suite reaches the mock.
 */
export function useMock(transport: Transport) {
  const server = transport === 'msw' ? setupServer() : undefined;
  beforeAll(() => server?.listen(ERROR_ON_UNHANDLED));
  afterEach(() => server?.resetHandlers());
  afterAll(() => server?.close());
  return {
    server,
    async start(options?: MockServiceOptions): Promise<StartedMock> {
      const mock = createMockService(options);
      return { mock, ...(await reach(server, mock, transport)) };
    },
  };
}

/**
 * The 'msw' transport without any global interception: a fetch answered by the mock's
 * handlers in-process, to hand to a client as its `fetch`.
 *
 * @param mock - The service.
 */
export function handlerFetch(mock: MockService) {
  return async (request: Request): Promise<Response> => {
    const response = await getResponse(mock.handlers, request);
    // A reset connection (`Response.error()`) is a rejected fetch, as msw's interception makes it.
    if (response?.type === 'error') throw new TypeError('Failed to fetch');
    return response ?? new Response('{"detail":"unhandled"}', { status: 599 });
  };
}

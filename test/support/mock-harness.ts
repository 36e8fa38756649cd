// Runs a test suite against the mock two ways: msw interception in-process, and the same
// handlers over real HTTP (mock.listen()). Each test starts its own mock service.
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  createMockService,
  type MockServer,
  type MockService,
  type MockServiceOptions,
} from '../../mock/index.js';

export type MockTransport = 'msw' | 'http';
export const TRANSPORTS: MockTransport[] = ['msw', 'http'];

export interface StartedMock {
  mock: MockService;
  /** The `hostUrl` to give the SDK. */
  hostUrl: string;
}

/**
 * Registers the hooks of one transport in the calling `describe` and returns a function that
 * starts a fresh mock service for a test.
 */
export function useMock(transport: MockTransport) {
  // Only the msw suites intercept; the HTTP suites must reach the real socket.
  const server = transport === 'msw' ? setupServer() : undefined;
  const running: MockServer[] = [];
  beforeAll(() => server?.listen({ onUnhandledRequest: 'error' }));
  afterEach(async () => {
    server?.resetHandlers();
    await Promise.all(running.splice(0).map((started) => started.close()));
  });
  afterAll(() => server?.close());

  return {
    server,
    async start(options?: MockServiceOptions): Promise<StartedMock> {
      const mock = createMockService(options);
      if (server) {
        server.use(...mock.handlers);
        return { mock, hostUrl: mock.hostUrl };
      }
      const started = await mock.listen();
      running.push(started);
      return { mock, hostUrl: started.hostUrl };
    },
  };
}

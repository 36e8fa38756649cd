// The secrets the security suites watch for, and a mock that knows them.
import { createMockService, type MockService, SCOPES } from '../../mock/index.js';
import { NOW } from './inbound.js';

export const API_KEY = 'sk_live_9f8e7d6c5b4a3210_secret';
export const SECRET = 'whsec_5e1f2a3b4c5d6e7f_secret';
export const SECRETS = [API_KEY, SECRET];

/** A mock that knows the two secrets; its clock frozen at NOW unless the SDK signs (real time). */
export function newMock(
  options: { signingSecret?: string | null } = {},
  frozen = true,
): MockService {
  const mock = createMockService({
    orders: 30,
    apiKeys: [{ key: API_KEY, scopes: [...SCOPES] }],
    signingSecret: SECRET,
    ...options,
  });
  if (frozen) mock.clock.set(NOW);
  return mock;
}

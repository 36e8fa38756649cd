// Creating a mock changes no global: the application's zod configuration stays its own, and
// the mock's 422 messages still read in English.
import { getResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { createMockService, MOCK_API_KEY } from '../../mock/index.js';

describe('createMockService and zod', () => {
  afterEach(() => {
    z.config({ localeError: undefined });
  });

  it("keeps the user's zod messages and answers its own 422s in English", async () => {
    z.config({ localeError: () => 'the application wrote this' });
    const mock = createMockService();
    expect(z.string().safeParse(1).error?.issues[0]?.message).toBe('the application wrote this');

    const response = await getResponse(
      mock.handlers,
      new Request(`${mock.baseUrl}/orders?limit=0`, { headers: { 'X-API-Key': MOCK_API_KEY } }),
    );
    expect(response?.status).toBe(422);
    const body = await response?.json();
    expect(body.detail[0]).toMatchObject({ loc: ['query', 'limit'], type: 'greater_than_equal' });
    expect(body.detail[0].msg).toBe('Input should be greater than or equal to 1');
    expect(z.string().safeParse(1).error?.issues[0]?.message).toBe('the application wrote this');
  });
});

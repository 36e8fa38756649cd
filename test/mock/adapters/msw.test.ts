// The msw handlers under msw's interception (setupServer), where msw, not the mock, follows a
// redirect: what the handlers answer must fail there as a fetch over HTTP fails.
import { describe, expect, it } from 'vitest';
import { MOCK_API_KEY } from '../../../mock/index.js';
import { useMock } from '../../support/mock.js';

const ORDERS = '/api/v1/web-api/v1/orders';
const KEYED = { headers: { 'X-API-Key': MOCK_API_KEY } };

describe('the msw handlers under setupServer', () => {
  const { start } = useMock('msw');

  // msw follows a redirect without reading its body, so a cut one passed for a whole answer.
  it('fail a followed redirect that a truncate cut short, as fetch over HTTP does', async () => {
    const { mock, baseUrl } = await start({ orders: 3 });
    const rule = { path: `${ORDERS}*`, error: 'truncate', times: 1 } as const;
    mock.faults.add(rule);
    await expect(fetch(`${baseUrl}/orders/?limit=1`, KEYED)).rejects.toThrow(TypeError);
    expect(mock.requests.map((entry) => [entry.path, entry.status])).toEqual([[`${ORDERS}/`, 307]]);
    // Unfollowed, the cut 307 fails too, as any cut answer does: at its body on msw 2 (as
    // over HTTP), at the fetch itself on msw 3, which reads a mocked body before it answers.
    mock.faults.add(rule);
    const unfollowed = fetch(`${baseUrl}/orders/?limit=1`, { ...KEYED, redirect: 'manual' }).then(
      (response) => (response.status === 307 ? response.text() : `status ${response.status}`),
    );
    await expect(unfollowed).rejects.toThrow(TypeError);
  });
});

// Answers from whatever stands in front of the service (an ingress, a firewall, basic auth, a
// proxy redirecting to https): not the service's, so not its error classes, and said so.
import { describe, expect, it } from 'vitest';
import {
  ApiError,
  createClient,
  NotFoundError,
  RateLimitError,
  ServerError,
} from '../../src/index.js';
import { failure } from '../support/failure.js';
import { fakeFetch, json, NO_RETRY } from '../support/fake-fetch.js';

describe('answers from in front of the service', () => {
  // What stands in front of the service answers with a web page: an ingress with no route
  // during a deploy, a firewall, basic auth. The service's classes mean the service's answer.
  it.each([
    [401, 'Unauthorized', 'text/html'],
    [403, 'Forbidden', 'text/html; charset=utf-8'],
    [404, 'Not Found', 'text/plain'],
  ])(
    'makes a %i HTML page from a proxy a plain ApiError that says so',
    async (status, statusText, type) => {
      const page = `<html><head><title>${status} ${statusText}</title></head><body><center><h1>${status}</h1></center><hr><center>nginx</center></body></html>`;
      const service = fakeFetch(
        () => new Response(page, { status, statusText, headers: { 'content-type': type } }),
      );
      const client = createClient({ ...NO_RETRY, fetch: service.fetch });
      const error = (await failure(client.orders.get('A-1'))) as ApiError;
      expect(error.constructor).toBe(ApiError);
      expect(error.name).toBe('ApiError');
      expect(error.status).toBe(status);
      expect(error.body).toBe(page);
      expect(error.message).toBe(
        `GET /orders/A-1 → ${status}: ${statusText}; the body is an HTML page, not the service's answer: is hostUrl the service's address, or did a proxy answer?`,
      );
    },
  );

  it('makes a 4xx in plain text a plain ApiError too, but keeps an empty 404 a NotFoundError', async () => {
    const answers = [
      // Traefik with no route for the path.
      new Response('404 page not found\n', {
        status: 404,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
      }),
      new Response(null, { status: 404 }),
    ];
    const service = fakeFetch((_, index) => answers[index] as Response);
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const text = (await failure(client.orders.get('A-1'))) as ApiError;
    expect(text.constructor).toBe(ApiError);
    expect(text.message).toBe(
      "GET /orders/A-1 → 404: 404 page not found; the body is not JSON, so not the service's answer: is hostUrl the service's address, or did a proxy answer?",
    );
    expect(await failure(client.orders.get('A-1'))).toBeInstanceOf(NotFoundError);
  });

  it("keeps the service's class for a JSON 404, an HTML 429 and an HTML 5xx", async () => {
    const answers = [
      json({ detail: 'Order not found' }, 404),
      new Response('<html>slow down</html>', { status: 429, headers: { 'retry-after': '1' } }),
      new Response('<html>down</html>', { status: 503, headers: { 'content-type': 'text/html' } }),
    ];
    const service = fakeFetch((_, index) => answers[index] as Response);
    const client = createClient({ ...NO_RETRY, fetch: service.fetch });
    const errors = [];
    for (let n = 0; n < answers.length; n++) errors.push(await failure(client.orders.get('A-1')));
    expect(errors.map((error) => (error as Error).constructor)).toEqual([
      NotFoundError,
      RateLimitError,
      ServerError,
    ]);
    expect((errors[2] as Error).message).toBe('GET /orders/A-1 → 503: (no detail)');
  });

  it('names a redirect to the same address on https', async () => {
    const service = fakeFetch((request) => {
      const https = new URL(request.url);
      https.protocol = 'https:';
      const answer = new Response(null, { status: 301, headers: { location: `${https}` } });
      // A constructed Response has no URL; fetch's has the one it answered.
      return Object.defineProperty(answer, 'url', { value: `${request.url}` });
    });
    const client = createClient({
      ...NO_RETRY,
      hostUrl: 'http://shop.example.test',
      fetch: service.fetch,
    });
    const error = (await failure(client.orders.get('A-1'))) as ApiError;
    expect(error.status).toBe(301);
    expect(error.message).toBe(
      'GET /orders/A-1 → 301: redirected to https://shop.example.test/api/v1/web-api/v1/orders/A-1, not followed: the service is served over https: set hostUrl to its https:// address (this request went over plain http)',
    );
  });
});

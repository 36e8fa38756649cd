// A "foreign" service for the SDK: the scripted fetch answering the way another
// implementation of the specification may, wherever the specification says "not shown". It
// reaches the SDK only through its public entry, with no mock behind it.
import { type ClientConfig, createClient } from 'order-fulfillment-sdk';
import { fakeFetch, json, type RecordedRequest } from '../support/fake-fetch.js';

export { json };

export const HOST = 'https://foreign.example.test';
export const KEY = 'key_foreign_0123456789';
export const SECRET = 'whsec_foreign_secret';

/** The answer to one request: a Response, or a JSON body sent with 200. */
export type Answer = (sent: RecordedRequest) => Response | unknown;

/**
 * A client whose every request is answered by `answer`, without retries (a failure is the
 * answer under test, not a reason to ask again).
 */
export function foreignClient(answer: Answer, config: Partial<ClientConfig> = {}) {
  const { fetch, requests } = fakeFetch((sent) => {
    const reply = answer(sent);
    return reply instanceof Response ? reply : json(reply);
  });
  const client = createClient({
    hostUrl: HOST,
    apiKey: KEY,
    signingSecret: SECRET,
    retry: 0,
    fetch,
    ...config,
  } as ClientConfig);
  return { client, sent: requests };
}

/** An order of a cursor page with only what the SDK relies on, and `updated_at` at `n` s. */
export function bareOrder(id: string, n = 0): { id: string; updated_at: string } {
  return { id, updated_at: new Date(Date.UTC(2026, 0, 1, 0, 0, n)).toISOString() };
}

/** Collects an async iterable into an array (the foreign pages are few and short). */
export async function collect<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
}

// A "foreign" service for the SDK: the scripted fetch answering the way another
// implementation of the specification may, wherever the specification says "not shown". It
// reaches the SDK only through its public entry, with no mock behind it.
import { type ClientConfig, createClient, ResponseValidationError } from 'order-fulfillment-sdk';
import { expect } from 'vitest';
import { failure as anyFailure } from '../support/failure.js';
import { fakeFetch, json, type RecordedRequest } from '../support/fake-fetch.js';

export { json };

export const HOST = 'https://foreign.example.test';
const KEY = 'key_foreign_0123456789';
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

/** A cursor page of these orders, whose cursor is after the last one (or the origin). */
export function cursorPage(items: unknown[], has_more = false) {
  const last = items.at(-1) as { id: string; updated_at: string } | undefined;
  return {
    items,
    next_since: last?.updated_at ?? '1970-01-01T00:00:00Z',
    next_since_id: last?.id ?? '0',
    has_more,
    request_id: 'r-1',
  };
}

/** The ResponseValidationError a call ends with; fails the test when it succeeds. */
export async function failure(promise: Promise<unknown>): Promise<ResponseValidationError> {
  const error = await anyFailure(promise);
  expect(error).toBeInstanceOf(ResponseValidationError);
  return error as ResponseValidationError;
}

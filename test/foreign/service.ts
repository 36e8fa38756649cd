// A "foreign" service for the SDK: a fake fetch that answers the way another implementation
// of the specification may, wherever the specification says "not shown". It records what the
// SDK sent and reaches the SDK only through its public entry, with no mock behind it.
import { type ClientConfig, createClient } from 'order-fulfillment-sdk';

export const HOST = 'https://foreign.example.test';
export const BASE = `${HOST}/api/v1/web-api/v1`;
export const KEY = 'key_foreign_0123456789';
export const SECRET = 'whsec_foreign_secret';

/** What the SDK sent. */
export interface Sent {
  method: string;
  url: URL;
  headers: Headers;
  body: string;
}

/** The answer to one request: a Response, or a JSON body sent with 200. */
export type Answer = (sent: Sent) => Response | unknown;

/** A JSON body with a status, as a pydantic service writes it. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/**
 * A client whose every request is answered by `answer`, without retries (a failure is the
 * answer under test, not a reason to ask again).
 */
export function foreignClient(answer: Answer, config: Partial<ClientConfig> = {}) {
  const sent: Sent[] = [];
  const fetch = async (request: Request): Promise<Response> => {
    const one: Sent = {
      method: request.method,
      url: new URL(request.url),
      headers: new Headers(request.headers),
      body: await request.text(),
    };
    sent.push(one);
    const reply = answer(one);
    return reply instanceof Response ? reply : json(reply);
  };
  const client = createClient({
    hostUrl: HOST,
    apiKey: KEY,
    signingSecret: SECRET,
    retry: 0,
    fetch,
    ...config,
  } as ClientConfig);
  return { client, sent };
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

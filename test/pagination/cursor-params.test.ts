// Where a pull starts: a cursor string goes back exactly as given, whatever its format
// (specification 4.2, rule 2); a Date, the caller's own value, is checked and written as
// ISO 8601; what the SDK itself relies on (both or neither, non-empty) is refused early.
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/index.js';
import { clientOver, fakeFetch, json } from '../support/fake-fetch.js';
import { cursorOf } from '../support/scripted-service.js';

function setup(answer: () => Response = () => json(emptyPage('2026-01-01T00:00:00Z', '1'))) {
  const service = fakeFetch(() => answer());
  const client = clientOver(service, { retry: 0 });
  return { service, client };
}

function emptyPage(since: string, since_id: string) {
  return { items: [], next_since: since, next_since_id: since_id, has_more: false };
}

describe('the cursor a pull starts from', () => {
  it.each([
    '2026-01-01 00:00:00+00:00',
    '2026-01-01T00:00:00.123456',
    '1767225600',
    'opaque:token/with?reserved&chars',
  ])('sends the string %s back exactly as given', async (since) => {
    const { service, client } = setup();
    await client.orders.pages({ since, since_id: 'a b+c' }).toArray({ limit: 1 });
    expect(cursorOf(service.requests[0])).toEqual({ since, since_id: 'a b+c' });
  });

  // A subclass that labels itself otherwise is a Date all the same.
  class Instant extends Date {
    get [Symbol.toStringTag]() {
      return 'Instant';
    }
  }
  const AT = Date.UTC(2026, 0, 2, 3, 4, 5, 6);

  it.each([
    ['a Date', () => new Date(AT)],
    // edge-runtime's VM context and jest's environments make their own Date.
    ['a Date from another realm', () => runInNewContext(`new Date(${AT})`) as Date],
    ['a Date of a subclass that labels itself otherwise', () => new Instant(AT)],
  ])('writes %s as ISO 8601 in UTC', async (_, made) => {
    const { service, client } = setup();
    await client.orders.iterate({ since: made(), since_id: '0' }).toArray({ limit: 1 });
    expect(cursorOf(service.requests[0])).toEqual({
      since: '2026-01-02T03:04:05.006Z',
      since_id: '0',
    });
  });

  it.each([
    ['an invalid Date', { since: new Date('not a date'), since_id: '1' }, 'since'],
    // toISOString would write `+010000-01-01T00:00:00.000Z`, which the service refuses.
    ['a Date past year 9999', { since: new Date(Date.UTC(10000, 0, 1)), since_id: '1' }, 'since'],
    // `0000-06-01T…` is well formed, but Python's datetime, a FastAPI service's, starts at year 1.
    ['a Date in year 0', { since: new Date('0000-06-01T00:00:00Z'), since_id: '1' }, 'since'],
    ['a Date before year 0', { since: new Date(Date.UTC(-1, 0, 1)), since_id: '1' }, 'since'],
    // Labelled a Date (its toString says so) without being one.
    [
      'an object that only says it is a Date',
      { since: { [Symbol.toStringTag]: 'Date' } as unknown as Date, since_id: '1' },
      'since',
    ],
    ['an empty since', { since: '', since_id: '1' }, 'since'],
    ['an empty since_id', { since: '2026-01-01T00:00:00Z', since_id: '' }, 'since_id'],
    ['since without since_id', { since: '2026-01-01T00:00:00Z' }, 'since_id'],
    ['since_id without since', { since_id: '1' }, 'since_id'],
  ])('refuses %s before sending anything', (_, params, field) => {
    const { service, client } = setup();
    let error: unknown;
    try {
      client.orders.pages(params);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).requestSent).toBe(false);
    expect((error as ValidationError).issues.map((issue) => issue.loc.at(-1))).toContain(field);
    expect(service.requests).toHaveLength(0);
  });

  it('leaves a string the service cannot read to the service to refuse', async () => {
    const { service, client } = setup(() =>
      json(
        { detail: [{ loc: ['query', 'since'], msg: 'invalid datetime', type: 'value_error' }] },
        422,
      ),
    );
    const error = await client.orders
      .pages({ since: 'yesterday', since_id: '1' })
      .next()
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).requestSent).toBe(true);
    expect((error as ValidationError).cursor).toEqual({ since: 'yesterday', since_id: '1' });
    expect(service.requests).toHaveLength(1);
  });
});

// parseFixture: a fixture file the CLI cannot read is named, without echoing what it holds.
import { describe, expect, it } from 'vitest';
import { parseFixture } from '../../mock/fixture.js';
import { createMockService } from '../../mock/index.js';

describe('parseFixture', () => {
  it('names a file that is no JSON without quoting it, since it may hold secrets', () => {
    const read = () => parseFixture(`{"signingSecret": 'shortsec'}`, 'fx.json');
    expect(read).toThrow(TypeError);
    expect(read).toThrow(/^Fixture fx\.json is not valid JSON: Unexpected token/);
    expect(read).not.toThrow(/shortsec/);
  });

  it('takes each key as its option does: a count of orders, or the records', () => {
    const counted = createMockService(parseFixture('{"orders": 5, "products": 2}', 'fx.json'));
    expect(counted.orders.all()).toHaveLength(5);
    expect(counted.products.all()).toHaveLength(2);
    const listed = parseFixture('{"orders": [{"id": "A-1"}]}', 'fx.json');
    const ids = createMockService(listed)
      .orders.all()
      .map((order) => order.id);
    expect(ids).toEqual(['A-1']);
  });

  it('reads a file that starts with a byte-order mark, as Windows editors write it', () => {
    const fixture = parseFixture('\ufeff{"signingSecret": "abc"}', 'fx.json');
    expect(fixture).toEqual({ signingSecret: 'abc' });
  });

  it('takes deliveryRetry as the option does, checked by its schema', () => {
    const fixture = parseFixture('{"deliveryRetry": {"attempts": 1}}', 'fx.json');
    expect(fixture).toEqual({ deliveryRetry: { attempts: 1 } });
    expect(() => createMockService(fixture)).not.toThrow();
    const wrong = parseFixture('{"deliveryRetry": {"attempts": 0, "timeout": 5}}', 'fx.json');
    expect(() => createMockService(wrong)).toThrow(/options\.deliveryRetry\.timeout/);
    const zero = parseFixture('{"deliveryRetry": {"attempts": 0}}', 'fx.json');
    expect(() => createMockService(zero)).toThrow(
      'createMockService: options.deliveryRetry.attempts must be an integer from 1 to 20',
    );
  });

  it('leaves a value of the wrong kind to the option check, which names it', () => {
    const fixture = parseFixture('{"orders": "five"}', 'fx.json');
    expect(() => createMockService(fixture)).toThrow(/orders/);
  });
});

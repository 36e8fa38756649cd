// parseFixture: a fixture file the CLI cannot read is named, without echoing what it holds.
import { describe, expect, it } from 'vitest';
import { parseFixture } from '../../mock/fixture.js';

describe('parseFixture', () => {
  it('names a file that is no JSON without quoting it, since it may hold secrets', () => {
    const read = () => parseFixture(`{"signingSecret": 'shortsec'}`, 'fx.json');
    expect(read).toThrow(TypeError);
    expect(read).toThrow(/^Fixture fx\.json is not valid JSON: Unexpected token/);
    expect(read).not.toThrow(/shortsec/);
  });
});

// createRedactor: a secret hidden in every form an encoder may give it, and nothing else.
import { describe, expect, it } from 'vitest';
import { createRedactor, REDACTED } from '../../../mock/rules/redact.js';

const secret = 'a"b\\c/d e+f%g€';

describe('createRedactor', () => {
  const hide = createRedactor(['', secret, 'short']);

  it.each([
    ['as is', secret],
    ['JSON-escaped', JSON.stringify(secret).slice(1, -1)],
    ['JSON with \\/ and \\u escapes', '\\u0061\\"b\\\\c\\/d e+f%g\\u20ac'],
    ['percent-encoded', encodeURIComponent(secret)],
    ['percent-encoded in lower case', encodeURIComponent(secret).toLowerCase()],
    ['form-encoded', new URLSearchParams({ k: secret }).toString().slice(2)],
    ['partly encoded, as a URL parser leaves a path', 'a%22b\\c/d%20e+f%g%E2%82%AC'],
  ])('hides it %s, keeping the text around it', (_, written) => {
    expect(hide(`before ${written} after`)).toBe(`before ${REDACTED} after`);
  });

  it('hides every occurrence, and leaves text without a secret as it is', () => {
    expect(hide(`short,${secret},short`)).toBe(`${REDACTED},${REDACTED},${REDACTED}`);
    expect(hide('sh0rt a"b')).toBe('sh0rt a"b');
    expect(hide('SHORT')).toBe('SHORT');
  });

  it('changes nothing when there is no secret to hide', () => {
    expect(createRedactor([''])('any text')).toBe('any text');
  });
});

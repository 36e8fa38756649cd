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

  // A secret read from a file keeps its newline; in a JSON body it is written `\n`.
  it('hides a secret with a control character in its JSON short escape', () => {
    const withNewline = createRedactor(['wms_s1gning_SECRET\n']);
    expect(withNewline('{"secret":"wms_s1gning_SECRET\\n"}')).toBe(`{"secret":"${REDACTED}"}`);
  });

  // Sent elsewhere than its header (a wrong header name, a query), a signature could be read
  // back from the journal and replayed within its five minutes.
  it('hides any signature value, its = as is or percent-encoded', () => {
    const hex = 'b6a219bf'.repeat(8);
    expect(hide(`t=1795791978,v1=${hex}`)).toBe(`t=1795791978,v1=${REDACTED}`);
    expect(hide(`signature=t%3D1795791978%2Cv1%3D${hex.toUpperCase()}`)).toBe(
      `signature=t%3D1795791978%2Cv1%3D${REDACTED}`,
    );
  });

  it('changes nothing when there is no secret to hide', () => {
    expect(createRedactor([''])('any text')).toBe('any text');
  });
});

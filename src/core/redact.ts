// How a secret is found in text however an encoder wrote it: the one pattern behind the
// SDK's log and error filter (core/log.ts) and the mock's request journal (mock/rules/redact.ts).

const hexDigit = (digit: string) =>
  /[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit;
const hex = (code: number, width: number) =>
  [...code.toString(16).padStart(width, '0')].map(hexDigit).join('');
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

// One character as it may appear: as is; percent-encoded, its UTF-8 bytes in either case of
// hex (a query, a redirect's Location, a form body; Python's quote leaves `/` as is while
// encoding `+`, so each character is taken either way); a space as `+` (a form body); and
// JSON-escaped: `\uXXXX`, a backslash before it (`\"`, `\\`, the `\/` PHP writes), or the
// short escape of a control character (`\n`, the newline of a secret read from a file).
function characterForms(char: string): string {
  const bytes = [...new TextEncoder().encode(char)].map((byte) => `%${hex(byte, 2)}`).join('');
  const units = [...Array(char.length).keys()].map((i) => `\\\\u${hex(char.charCodeAt(i), 4)}`);
  const forms = [literal(char), bytes, units.join(''), `\\\\${literal(char)}`];
  const json = JSON.stringify(char).slice(1, -1);
  if (/^\\[bfnrt]$/.test(json)) forms.push(literal(json));
  if (char === ' ') forms.push('\\+');
  return `(?:${forms.join('|')})`;
}

/**
 * A pattern (global) that finds any of `secrets` in a text, each character of a secret in
 * any of the forms an encoder may give it, mixed freely: the longest secret first, so that
 * none is left half hidden. Undefined when no secret is given.
 *
 * @param secrets - The values to find; empty or missing ones are skipped.
 * @internal
 */
export function secretsPattern(secrets: readonly (string | undefined)[]): RegExp | undefined {
  const patterns = secrets
    .filter((secret): secret is string => !!secret)
    .sort((a, b) => b.length - a.length)
    .map((secret) => [...secret].map(characterForms).join(''));
  return patterns.length > 0 ? new RegExp(patterns.join('|'), 'g') : undefined;
}

/**
 * A signature header's `v1=` value (an HMAC-SHA256 in hex, either case), its `=` as is or
 * percent-encoded: a client signs each attempt afresh, so no list can name the values in
 * advance. Replace with `v1$1` and the redaction, to keep the `=` as it was written.
 *
 * @internal
 */
export const SIGNATURE_VALUE = /v1(=|%3[dD])[0-9a-fA-F]{64}/g;

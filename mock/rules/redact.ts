// Redaction for the request journal: a secret is hidden however a client wrote it, since a
// test that sends its key in a body or a path would otherwise find it in `mock.requests`.

/** What replaces a secret (an API key, a signature, a signing secret) in the journal. */
export const REDACTED = 'REDACTED';

const hexDigit = (digit: string) =>
  /[a-f]/i.test(digit) ? `[${digit.toLowerCase()}${digit.toUpperCase()}]` : digit;
const hex = (code: number, width: number) =>
  [...code.toString(16).padStart(width, '0')].map(hexDigit).join('');
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

// One character as it may appear: as is; percent-encoded, its UTF-8 bytes in either case of
// hex (a path, a form body); a space as `+` (a form body); and JSON-escaped, as `\uXXXX` or
// with a backslash before it (`\"`, `\\`, and the `\/` some encoders write).
function characterForms(char: string): string {
  const bytes = [...new TextEncoder().encode(char)].map((byte) => `%${hex(byte, 2)}`).join('');
  const units = [...Array(char.length).keys()].map((i) => `\\\\u${hex(char.charCodeAt(i), 4)}`);
  const forms = [literal(char), bytes, units.join(''), `\\\\${literal(char)}`];
  if (char === ' ') forms.push('\\+');
  return `(?:${forms.join('|')})`;
}

/**
 * A function that replaces every occurrence of the given secrets in a text by
 * {@link REDACTED}, each character of a secret matched in any of the forms a client's
 * encoder may have given it (percent-encoding, form encoding, JSON escapes), mixed freely.
 *
 * @param secrets - The values to hide; empty ones are skipped.
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const patterns = secrets
    .filter((secret) => secret !== '')
    .sort((a, b) => b.length - a.length) // the longest first, so no secret is cut in two
    .map((secret) => [...secret].map(characterForms).join(''));
  if (patterns.length === 0) return (text) => text;
  const pattern = new RegExp(patterns.join('|'), 'g');
  return (text) => text.replace(pattern, REDACTED);
}

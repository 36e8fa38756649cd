// Redaction for the request journal: a secret is hidden however a client wrote it, since a
// test that sends its key in a body or a path would otherwise find it in `mock.requests`.
import { SIGNATURE_VALUE, secretsPattern } from '../../src/core/redact.js';

/** What replaces a secret (an API key, a signature, a signing secret) in the journal. */
export const REDACTED = 'REDACTED';

/**
 * A function that replaces every occurrence of the given secrets in a text by
 * {@link REDACTED}, each character of a secret matched in any of the forms a client's
 * encoder may have given it (percent-encoding, form encoding, JSON escapes), mixed freely,
 * and any signature header's `v1=` value, which a client may have sent elsewhere than in
 * the signature header (a query parameter, a header of another name) and could be replayed
 * from the journal within its five minutes.
 *
 * @param secrets - The values to hide; empty ones are skipped.
 */
export function createRedactor(secrets: readonly string[]): (text: string) => string {
  const pattern = secretsPattern(secrets);
  return (text) => {
    const out = text.replace(SIGNATURE_VALUE, `v1$1${REDACTED}`);
    return pattern ? out.replace(pattern, REDACTED) : out;
  };
}

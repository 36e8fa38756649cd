// The two options createWebhookHandler names otherwise than unwrapWebhook and the verify
// functions: its `tolerance` and `signatureHeader` are their `toleranceSeconds` and
// `headerName`. Neither name is ever renamed (public names are a contract), so a name from
// the other set is answered with its counterpart, which a guess by spelling cannot find.
import { refuseUnknownOptions } from '../core/not-an-option.js';

const COUNTERPARTS = new Map([
  ['tolerance', 'toleranceSeconds'],
  ['toleranceSeconds', 'tolerance'],
  ['signatureHeader', 'headerName'],
  ['headerName', 'signatureHeader'],
]);

/**
 * Throws for the first option `known` lacks, as refuseUnknownOptions does, but names the
 * counterpart of the other receiver API's name for an option: "did you mean `tolerance`?"
 * for createWebhookHandler's `toleranceSeconds`, and the reverse for unwrapWebhook.
 *
 * @param options - The options as given.
 * @param known - Every option there is, as a key (checked against the options type).
 * @param of - What the options are of: ` of unwrapWebhook`.
 * @throws {@link ConfigurationError} naming the unknown option.
 * @internal
 */
export function refuseUnknownReceiverOptions<T extends object>(
  options: T | undefined,
  known: { readonly [K in keyof Required<T>]: 1 },
  of: string,
): void {
  refuseUnknownOptions(options, known, of, (name) => COUNTERPARTS.get(name));
}

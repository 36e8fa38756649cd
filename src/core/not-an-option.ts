// The one wording of an option that does not exist, for every options object the SDK takes:
// the configuration's and a call's, and the webhook receiver's and the signature helpers',
// which are checked by hand rather than by a schema, so that a receiver's bundle stays small.
import { ConfigurationError } from '../errors/configuration-error.js';
import { closestName } from './closest-name.js';

/**
 * The error for an option that does not exist: with the one likely meant (`timeOut`,
 * `retries`), or else the options there are, so that a typo costs no trip to the docs.
 *
 * @param path - The option as given, its last name the unknown one.
 * @param known - The options at that level.
 * @param of - What the options are of, when not the configuration: ` of a call`.
 * @internal
 */
export function notAnOption(path: string[], known: readonly string[], of = ''): ConfigurationError {
  const meant = closestName(path.at(-1) as string, known);
  return new ConfigurationError(
    path.join('.'),
    `is not an option${of}${meant ? `; did you mean \`${meant}\`?` : ` (${known.join(', ')}).`}`,
  );
}

/**
 * Throws {@link notAnOption} for the first own key of `options` that is not in `known`; a
 * misspelt option would otherwise be dropped without a word, its default quietly used.
 * Anything but an object is left to the caller's own checks.
 *
 * @param options - The options as given.
 * @param known - The options there are.
 * @param of - What the options are of: ` of a call`.
 * @throws {@link ConfigurationError} naming the unknown option.
 * @internal
 */
export function refuseUnknownOptions(
  options: unknown,
  known: readonly string[],
  of?: string,
): void {
  const given = typeof options === 'object' && options !== null ? Object.keys(options) : [];
  const unknown = given.find((key) => !known.includes(key));
  if (unknown !== undefined) throw notAnOption([unknown], known, of);
}

// The one wording of an option that does not exist, for every options object the SDK takes:
// the configuration's (checked against its schema) and, checked by hand against a list of
// names so that a receiver's bundle needs no zod, a call's and the webhook receiver's.
import { ConfigurationError } from '../errors/configuration-error.js';
import { closestName } from './closest-name.js';

/**
 * The error for an option that does not exist: with the one likely meant (`timeOut`,
 * `retries`), or else the options there are, so that a typo costs no trip to the docs.
 *
 * @param path - The option as given, its last name the unknown one.
 * @param known - The options at that level.
 * @param of - What the options are of, when not the configuration: ` of a call`.
 * @param meant - The option likely meant; by default the closest by spelling, if any.
 * @internal
 */
export function notAnOption(
  path: string[],
  known: readonly string[],
  of = '',
  meant = closestName(path.at(-1) as string, known),
): ConfigurationError {
  return new ConfigurationError(
    path.join('.'),
    `is not an option${of}${meant ? `; did you mean \`${meant}\`?` : ` (${known.join(', ')}).`}`,
  );
}

/**
 * Throws {@link notAnOption} for the first own key of `options` that is not one of `known`'s;
 * a misspelt option would otherwise be dropped without a word, its default quietly used.
 * Anything but an object is left to the caller's own checks.
 *
 * @param options - The options as given.
 * @param known - Every option there is, as a key: the type makes a list that misses one, or
 *   names one the options type lacks, fail to compile.
 * @param of - What the options are of: ` of unwrapWebhook`.
 * @param counterpart - The option of this set that an unknown name stands for elsewhere
 *   (the receiver's `tolerance` for `toleranceSeconds`), which no guess by spelling finds.
 * @throws {@link ConfigurationError} naming the unknown option.
 * @internal
 */
export function refuseUnknownOptions<T extends object>(
  options: T | undefined,
  known: { readonly [K in keyof Required<T>]: 1 },
  of: string,
  counterpart: (name: string) => string | undefined = () => undefined,
): void {
  const names = Object.keys(known);
  const given = typeof options === 'object' && options !== null ? Object.keys(options) : [];
  const unknown = given.find((key) => !names.includes(key));
  if (unknown === undefined) return;
  const meant = counterpart(unknown);
  throw notAnOption([unknown], names, of, meant && names.includes(meant) ? meant : undefined);
}

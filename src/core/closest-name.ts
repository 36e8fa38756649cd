// The name a caller most likely meant when they gave one that does not exist, for a "did you
// mean" hint: a slip of case (`apikey`), or a typo or a plural (`tiemout`, `retries`).

// Whether `a` becomes `b` by at most `edits` one-letter insertions, deletions or substitutions
// (their Levenshtein distance). Equal first letters are always best kept, so only a difference
// branches, and at most three ways per edit allowed.
function within(edits: number, a: string, b: string): boolean {
  if (a === b) return true;
  if (edits === 0) return false;
  if (a[0] === b[0]) return within(edits, a.slice(1), b.slice(1));
  return (
    within(edits - 1, a.slice(1), b) ||
    within(edits - 1, a, b.slice(1)) ||
    within(edits - 1, a.slice(1), b.slice(1))
  );
}

/**
 * The known name closest to `name`, ignoring case, if it is close enough to be the one meant:
 * the same but for case; or, for a name of 4 letters or more, at most 2 edits away (3 from
 * 7 letters, so that `retries` finds `retry`). Short names get no guess: too many are near.
 *
 * @param name - The name given.
 * @param known - The names there are; the first of equally close ones wins.
 * @returns The known name, or undefined when none is close.
 * @internal
 */
export function closestName(name: string, known: readonly string[]): string | undefined {
  const most = name.length < 4 ? 0 : name.length < 7 ? 2 : 3;
  const given = name.toLowerCase();
  const names = known.map((candidate) => candidate.toLowerCase());
  for (let edits = 0; edits <= most; edits++) {
    const at = names.findIndex((candidate) => within(edits, given, candidate));
    if (at >= 0) return known[at];
  }
  return undefined;
}

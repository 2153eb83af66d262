// Hints a repository gives about how a statement should be planned. Postgres plans a prepared statement once for
// any values (a generic plan) when that plan looks no costlier than planning for each call's values; for most
// statements that is right and saves the planning. For a price range it is not: the generic plan guesses that a
// range matches few rows and walks the price index, which for a range spanning most of the catalogue reads
// every product to return twelve (300 ms instead of 1.5 ms on PGlite at 100 k products).

/** Marks a statement whose best plan depends on its values: it is planned for the values of each call. */
export const PLAN_FOR_EACH_CALL = '/* plan for each call */';

export function isPlannedForEachCall(text: string): boolean {
  return text.endsWith(PLAN_FOR_EACH_CALL);
}

/**
 * Marks a hot statement that PostgreSQL also runs as a named prepared statement (decision 0038): parsed and planned
 * once per connection, then only bound and executed. PGlite prepares every statement already (decision 0021). Its
 * text must not vary with its values (arrays as parameters, not lists), or each variant is one more statement kept.
 */
export const PREPARED = '/* prepared */';

export function isPrepared(text: string): boolean {
  return text.endsWith(PREPARED);
}

/**
 * The staff password rule (issue 17 "Passwords"): at least `MIN_PASSWORD_LENGTH` characters, at
 * most 128, and not common or easy to guess. "Common" is judged by zxcvbn-ts with its English and
 * common-password dictionaries (tens of thousands of leaked passwords, names and words), not by a
 * list of our own: a password scoring below 3 of 4 (fewer than about 10^8 guesses) is refused.
 *
 * The estimate is bounded so that one check costs a few tens of milliseconds of CPU whatever is
 * sent: only the first `STRENGTH_CHECKED_LENGTH` characters are judged (a longer password passes
 * when its beginning does), and the l33t matcher tries at most `L33T_MAX_SUBSTITUTIONS`
 * substitutions (its default of 100 made 64 digits cost about half a second, 128 over a second).
 */
import { zxcvbn, zxcvbnOptions } from "@zxcvbn-ts/core";
import * as zxcvbnCommon from "@zxcvbn-ts/language-common";
import * as zxcvbnEn from "@zxcvbn-ts/language-en";
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from "./schema";

/** How many leading characters of a password the strength estimate looks at. */
export const STRENGTH_CHECKED_LENGTH = 64;
/** The l33t substitutions (`4` for `a`, `$` for `s`...) zxcvbn tries per password at most. */
const L33T_MAX_SUBSTITUTIONS = 4;

zxcvbnOptions.setOptions({
  maxLength: STRENGTH_CHECKED_LENGTH,
  l33tMaxSubstitutions: L33T_MAX_SUBSTITUTIONS,
  translations: zxcvbnEn.translations,
  graphs: zxcvbnCommon.adjacencyGraphs,
  dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
});

/** The lowest zxcvbn score (0-4) a staff password may have. */
export const MIN_PASSWORD_SCORE = 3;

/**
 * Checks a new password against the rule. Returns null when it passes, otherwise the message to
 * show. Synchronous and CPU-bound (tens of milliseconds at most, see the module comment).
 */
export function passwordProblem(password: string): string | null {
  if (password.length < MIN_PASSWORD_LENGTH) return `Use at least ${MIN_PASSWORD_LENGTH} characters.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `Use at most ${MAX_PASSWORD_LENGTH} characters.`;
  const result = zxcvbn(password.slice(0, STRENGTH_CHECKED_LENGTH));
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const warning = result.feedback.warning ? ` ${result.feedback.warning}` : "";
  return `This password is too common or easy to guess.${warning} Try a short sentence of unrelated words.`;
}

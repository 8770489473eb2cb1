/** "Did you mean …?": the closest of `options` to a mistyped word, when it is close enough to be the intended one. */
import { closest, distance } from 'fastest-levenshtein';

export function closestMatch(word: string, options: readonly string[]): string | undefined {
  if (options.length === 0) return undefined;
  const best = closest(word, options as string[]);
  return distance(word.toLowerCase(), best.toLowerCase()) <= Math.max(2, Math.floor(word.length / 3)) ? best : undefined;
}

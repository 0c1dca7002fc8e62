// The search graph pocketsphinx listens with for English commands: the skill phrases of the `skills` table and the
// user's tiles said as "open …", each a chain from the start to the end, and beside them a garbage path — a loop
// over the most common words of spoken English (common-words.ts), each costing a probability (LOOP_WORD_COST).
//
// A closed list of phrases alone forces any speech onto the nearest one: "What is the weather today" opened Grade
// management, "Please hand in your homework" Teaching research (issue 69). With the loop beside them, everyday
// speech is cheaper to explain as words of English than as a command it does not sound like, and comes back as ''
// ("say it again", with the phrases that work), while a command said clearly is cheapest as itself: the loop has
// its words too, but a phrase of the list costs one entry, the same words through the loop a probability each.
// Written as an FSG with explicit probabilities, as the Chinese graph is (chinese-grammar.ts).

import { END, fsgText, START } from './fsg';

export interface CommandGrammar {
  /** The FSG file's text; null when no phrase can be spoken in English here. */
  fsg: string | null;
  /** Every word the phrases use (all in the pronunciation dictionary). */
  words: string[];
  /** The loop's words, as the graph names them (LOOP_MARK and the word). */
  loop: string[];
  /** The phrases it recognises, normalised (lower case, single spaces). */
  phrases: string[];
}

/**
 * What entering the loop costs, and each word in it (probabilities, as the FSG writes them). A dear entry and cheap
 * words: a path of two words through the loop costs what it did with an entry of 0.5 and words of 0.001, so a
 * command of two words falls into it no more often (of three, a little more), while a longer sentence is explained
 * by it more cheaply ("This is a very good answer", said fast, had opened Staff). Measured on the bench's sentences
 * (`npm run bench` › voice commands; test/media/everyday-speech.ts): cheaper words still, and commands said slowly
 * fall into the loop ("open timetable" as "time table"); dearer, and short sentences are forced onto a tile.
 */
export const LOOP_ENTRY = 0.005;
export const LOOP_WORD_COST = 0.01;
/** The probability shared by the phrases' first words. */
export const PHRASE_ENTRY = 0.5;

/** Marks the loop's words in the graph and the dictionary: a result with one is no command. */
export const LOOP_MARK = '_';

const WORD = /^[a-z']+$/;

/** A vocabulary entry as words, or null when it is not plain English words (Chinese skills, digits, symbols). */
export function englishWords(vocabulary: string): string[] | null {
  const words = vocabulary.trim().toLowerCase().split(/\s+/);
  return words.length > 0 && words.every((word) => WORD.test(word)) ? words : null;
}

/** The entries that are English words the dictionary can pronounce, normalised; the others cannot be recognised. */
function sayable(entries: readonly string[], pronounceable: (word: string) => boolean): string[] {
  const phrases = new Set<string>();
  for (const entry of entries) {
    const words = englishWords(entry);
    if (words?.every(pronounceable)) phrases.add(words.join(' '));
  }
  return [...phrases];
}

/** The loop's state, after the start and the end (fsg.ts). */
const LOOP = 2;

function transitions(phrases: readonly string[], loop: readonly string[]): { count: number; lines: string[] } {
  const entry = PHRASE_ENTRY / phrases.length;
  const lines = [`TRANSITION ${START} ${LOOP} ${LOOP_ENTRY}`, `TRANSITION ${LOOP} ${END} 1`];
  for (const word of loop) lines.push(`TRANSITION ${LOOP} ${LOOP} ${LOOP_WORD_COST} ${word}`);
  let count = 3;
  for (const phrase of phrases) {
    const words = phrase.split(' ');
    let from = START;
    words.forEach((word, index) => {
      const to = index === words.length - 1 ? END : count++;
      lines.push(`TRANSITION ${from} ${to} ${index === 0 ? entry : 1} ${word}`);
      from = to;
    });
  }
  return { count, lines };
}

/**
 * The graph for the skill phrases of `vocabulary` and the user's tile `names` ("open …") whose every word the
 * dictionary can pronounce (the others are left out), with the loop over `commonWords` (those it can pronounce).
 */
export function commandGrammar(
  vocabulary: readonly string[],
  pronounceable: (word: string) => boolean,
  names: readonly string[] = [],
  commonWords: readonly string[] = [],
): CommandGrammar {
  const phrases = [...new Set([...sayable(vocabulary, pronounceable), ...sayable(names, pronounceable)])].sort();
  const words = [...new Set(phrases.flatMap((phrase) => phrase.split(' ')))].sort();
  const loop = commonWords.filter(pronounceable).map((word) => `${LOOP_MARK}${word}`);
  if (phrases.length === 0) return { fsg: null, words, loop, phrases };
  const graph = transitions(phrases, loop);
  const fsg = fsgText(graph);
  return { fsg, words, loop, phrases };
}

/** The phrase pocketsphinx's words name ('' when the loop took it: no command, or nothing was heard). */
export function heardCommand(words: string): string {
  const heard = words
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => word.replace(/\(\d+\)$/, ''));
  return heard.some((word) => word.startsWith(LOOP_MARK)) ? '' : heard.join(' ');
}

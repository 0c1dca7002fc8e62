// The JSGF grammar pocketsphinx listens with, built from the skill vocabulary (the `skills` table). A closed list of
// phrases alone would force any speech onto the nearest skill ("show my messages" heard as "show attendance", a
// wrong page opened); so the grammar also accepts any run of the vocabulary's words, and what is heard that way
// comes back as text that is no skill: the widget's "haven't learned this skill" message.

export interface CommandGrammar {
  /** The grammar file's text; null when no skill can be spoken in English here. */
  jsgf: string | null;
  /** Every word the grammar uses (all in the pronunciation dictionary). */
  words: string[];
  /** The skill phrases it recognises, normalised (lower case, single spaces). */
  phrases: string[];
}

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

/**
 * Phrases whose every word the dictionary can pronounce; the others are left out. `names` (the user's tiles, said as
 * "open …") are phrases too, but their words stay out of the loop of loose words: with them in it, a tile's name with
 * a breath after it came back as "open repairs staff" (the word of another tile), which opens nothing.
 */
export function commandGrammar(
  vocabulary: readonly string[],
  pronounceable: (word: string) => boolean,
  names: readonly string[] = [],
): CommandGrammar {
  const skills = sayable(vocabulary, pronounceable);
  const sorted = [...new Set([...skills, ...sayable(names, pronounceable)])].sort();
  const loose = [...new Set(skills.flatMap((phrase) => phrase.split(' ')))].sort();
  const words = [...new Set(sorted.flatMap((phrase) => phrase.split(' ')))].sort();
  if (sorted.length === 0) return { jsgf: null, words, phrases: sorted };
  const jsgf = [
    '#JSGF V1.0;',
    'grammar commands;',
    'public <command> = <skill> | <words>;',
    `<skill> = ${sorted.join(' | ')};`,
    `<words> = (${(loose.length ? loose : words).join(' | ')})+;`,
    '',
  ].join('\n');
  return { jsgf, words, phrases: sorted };
}

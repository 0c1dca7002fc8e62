import { END, fsgText, START } from './fsg';
import { jyutpingSpellings, pinyinSpellings, type Spellings, syllableInventory } from './phones';

// The search graph pocketsphinx listens with for Mandarin and Cantonese commands (issue 37): the Chinese skill phrases
// of the `skills` table, romanised (pinyin-pro, to-jyutping) into syllables spelt in English phones (phones.ts), and
// beside them a garbage path, a loop over every syllable of the language. Each syllable of the loop costs a
// probability (GARBAGE_COST), the command's own syllables nothing, so a command said clearly stays a command, while
// other speech is cheaper to explain as a run of loose syllables: no command, rather than the nearest one forced.
//
// The loop may also take over after any part of a command, or lead into one: "查看成绩" is heard as 查看 and two
// loose syllables, not as 查看考勤. It is written as an FSG with explicit probabilities: pocketsphinx's JSGF gives
// the alternatives of a loop no cost at all, and such a loop explained every command as loose phones.

export type ChineseLanguage = 'zh-CN' | 'zh-HK';

/** A phrase's toneless syllables (pinyin for Mandarin, jyutping for Cantonese), or null if it cannot be read. */
export type Romanise = (phrase: string, language: ChineseLanguage) => string[] | null;

/** What each syllable of the garbage loop costs (a probability): before any command syllable, and after some. */
export interface GarbageCost {
  before: number;
  after: number;
}

/**
 * Chosen on the bench's espeak-ng set (`npm run bench` › voice commands): dearer, and phrases that share a command's
 * syllables are forced onto it; cheaper, and commands said slowly or in noise fall into the loop. The loop after part
 * of a command is cheaper: only a phrase that starts like a command goes there ("查看成绩"), with fewer syllables left
 * to explain. Cantonese has more syllable shapes, so its loop finds a close match more easily and costs more; its
 * last syllables (息 sik, heard as "fi" at 120 words a minute in noise) needed the loop after a command cheaper still.
 */
export const GARBAGE_COST: Record<ChineseLanguage, GarbageCost> = {
  'zh-CN': { before: 1e-5, after: 1e-4 },
  'zh-HK': { before: 5e-7, after: 1e-6 },
};

export interface ChineseGrammar {
  /** The FSG file's text; null when no skill phrase can be spoken in this language. */
  fsg: string | null;
  /** The pronunciation dictionary's text (CMUdict format) for every word the graph uses. */
  dictionary: string;
  /** The skill phrase of each syllable sequence (syllables joined by one space). */
  phrases: Map<string, string>;
}

/** A phrase of Chinese characters only: what the graph can take. */
export const CHINESE = /^[\u3400-\u9fff]+$/;
/** States of the graph after the start and the end (fsg.ts): the loop before a command and the loop after one. */
const LOOP_BEFORE = 2;
const LOOP_AFTER = 3;

function spellingsOf(syllable: string, language: ChineseLanguage): Spellings | null {
  return language === 'zh-CN' ? pinyinSpellings(syllable) : jyutpingSpellings(syllable);
}

/** The skill phrases of the vocabulary that can be said in `language`, by their syllables. */
function commandSyllables(vocabulary: readonly string[], language: ChineseLanguage, romanise: Romanise) {
  const phrases = new Map<string, string>();
  const spellings = new Map<string, Spellings>();
  for (const entry of vocabulary) {
    const phrase = entry.trim();
    if (!CHINESE.test(phrase)) continue;
    const syllables = romanise(phrase, language);
    const spelt = syllables?.map((syllable) => spellingsOf(syllable, language));
    if (!syllables || !spelt || spelt.some((item) => !item)) continue;
    syllables.forEach((syllable, index) => {
      spellings.set(syllable, spelt[index]!);
    });
    phrases.set(syllables.join(' '), phrase);
  }
  return { phrases, spellings };
}

/**
 * The graph's transitions: the loop's, then each command as a chain from START to END. Each skill phrase is entered
 * with the same probability, however many tile names stand beside it; a tile name is not entered part-way from the
 * loop, which doubled the time of a recognition (issue 56).
 */
function transitions(
  phrases: Iterable<string>,
  loop: string[],
  garbage: GarbageCost,
  names: ReadonlySet<string>,
): { count: number; lines: string[] } {
  const commands = [...phrases].sort();
  const entry = 0.5 / Math.max(1, commands.length - names.size);
  const lines = [`TRANSITION ${START} ${LOOP_BEFORE} 0.5`, `TRANSITION ${LOOP_BEFORE} ${END} 1`];
  lines.push(`TRANSITION ${LOOP_AFTER} ${END} 1`);
  for (const word of loop) {
    lines.push(`TRANSITION ${LOOP_BEFORE} ${LOOP_BEFORE} ${garbage.before} ${word}`);
    lines.push(`TRANSITION ${LOOP_AFTER} ${LOOP_AFTER} ${garbage.after} ${word}`);
  }
  let count = 4;
  for (const command of commands) {
    const words = command.split(' ');
    let from = START;
    words.forEach((word, index) => {
      const last = index === words.length - 1;
      const to = last ? END : count++;
      lines.push(`TRANSITION ${from} ${to} ${index === 0 ? entry : 1} ${word}`);
      if (!last) lines.push(`TRANSITION ${to} ${LOOP_AFTER} 1`);
      if (!last && !names.has(command)) lines.push(`TRANSITION ${LOOP_BEFORE} ${to} 1`);
      from = to;
    });
  }
  return { count, lines };
}

/**
 * The graph for the skill phrases of `vocabulary` and, beside them, the user's tile `names` said as 打开… / 打開…
 * (the gateway passes none: see routes/base/nls.ts).
 */
export function chineseGrammar(
  vocabulary: readonly string[],
  language: ChineseLanguage,
  romanise: Romanise,
  names: readonly string[] = [],
  garbage = GARBAGE_COST[language],
): ChineseGrammar {
  const skills = commandSyllables(vocabulary, language, romanise);
  const tiles = commandSyllables(names, language, romanise);
  // A name said like a skill is the skill.
  const phrases = new Map([...tiles.phrases, ...skills.phrases]);
  const spellings = new Map([...tiles.spellings, ...skills.spellings]);
  const nameKeys = new Set([...tiles.phrases.keys()].filter((key) => !skills.phrases.has(key)));
  const loop = syllableInventory(language === 'zh-CN' ? 'pinyin' : 'jyutping');
  const lines: string[] = [];
  for (const [syllable, options] of [...spellings].sort(([a], [b]) => a.localeCompare(b))) {
    options.forEach((phones, index) => {
      lines.push(`${index ? `${syllable}(${index + 1})` : syllable} ${phones.join(' ')}`);
    });
  }
  for (const [word, phones] of loop) lines.push(`${word} ${phones.join(' ')}`);
  const dictionary = `${lines.join('\n')}\n`;
  if (phrases.size === 0) return { fsg: null, dictionary, phrases };
  const graph = transitions(
    phrases.keys(),
    loop.map(([word]) => word),
    garbage,
    nameKeys,
  );
  const fsg = fsgText(graph);
  return { fsg, dictionary, phrases };
}

/** The skill phrase pocketsphinx's words name, or '' when the loop took part (no command) or nothing was heard. */
export function heardPhrase(grammar: ChineseGrammar, words: string): string {
  const syllables = words
    .trim()
    .split(/\s+/)
    .map((word) => word.replace(/\(\d+\)$/, ''));
  return grammar.phrases.get(syllables.join(' ')) ?? '';
}

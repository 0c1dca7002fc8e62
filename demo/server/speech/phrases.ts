import { CHINESE } from './chinese-grammar';
import { englishWords } from './grammar';
import type { SpeechLanguage } from './recognizer';

/**
 * The skill phrases of `vocabulary` the gateway hears as commands in `language`: what it offers when it understood
 * none (issue 69), since offline it hears those and, in English, the tiles' names only.
 */
export function sayablePhrases(vocabulary: readonly string[], language: SpeechLanguage): string[] {
  const phrases = vocabulary.map((entry) => entry.trim());
  return language === 'en'
    ? phrases.flatMap((phrase) => englishWords(phrase)?.join(' ') ?? [])
    : phrases.filter((phrase) => CHINESE.test(phrase));
}

import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { britishLines } from './british-english';
import { type ChineseLanguage, chineseGrammar, heardPhrase } from './chinese-grammar';
import { commonWords } from './common-words';
import { compoundLines, phones } from './compound-words';
import { type Decoding, earlyDecoding } from './early-decode';
import { commandGrammar, heardCommand, LOOP_MARK } from './grammar';
import type { Listening, SpeechLanguage, SpeechRecognizer } from './recognizer';
import { romanise } from './romanise';
import { dither, wavFile } from './wav';

// Offline recognition with Debian's pocketsphinx (packages pocketsphinx, pocketsphinx-en-us): the batch decoder,
// the whole recording one sentence. English is decoded against the graph of the skill phrases and the user's tiles
// (grammar.ts), with a loop of common English words beside them: a command comes back as itself, other speech as ''
// (issue 69: everyday sentences opened apps).
// Mandarin and Cantonese use the same English acoustic model against a graph of the Chinese skill phrases spelt in
// English phones, with a garbage loop beside them (chinese-grammar.ts): a command comes back as its characters,
// anything else as '' ("say it again"). Measured on espeak-ng speech by `npm run bench` (docs/guide/voice.md).
//
// A recognition is decoded as soon as the speech in it has ended, before the release (early-decode.ts, issue 69).

const run = promisify(execFile);

export interface PocketsphinxOptions {
  /** The batch decoder: one utterance for the whole file, with a scored search graph. */
  batchProgram?: string;
  /** The acoustic model folder. */
  model?: string;
  /** The pronunciation dictionary (CMUdict format). */
  dictionary?: string;
  /** Scratch folder for the wav, grammar and dictionary of each recognition. */
  tmpDir: string;
  /**
   * The language weight. Higher than pocketsphinx's default so that the grammar, rather than the acoustics of a short
   * word such as "my", decides between a whole skill phrase and a run of loose words (chosen on espeak-ng voices).
   */
  languageWeight?: number;
}

export const POCKETSPHINX_DEFAULTS = {
  batchProgram: '/usr/bin/pocketsphinx_batch',
  model: '/usr/share/pocketsphinx/model/en-us/en-us',
  dictionary: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
  languageWeight: 12,
} as const;

const SAMPLE_RATE = 16_000;
/** The noise floor added before decoding, in LSB (wav.ts `dither`). */
const NOISE_FLOOR = 64;
/**
 * Wide beams for the Chinese graph: with pocketsphinx's defaults the English model's phones for Chinese syllables
 * are pruned before the end of a phrase (TOOLCHAIN.md: about 2 of 16 commands heard).
 */
const WIDE_BEAMS = ['-beam', '1e-100', '-wbeam', '1e-80', '-pbeam', '1e-100'];

/** The dictionary's entries by word (a word with variants `word(2)` has several lines), read once. */
function loadDictionary(path: string): Map<string, string[]> {
  const entries = new Map<string, string[]>();
  for (const line of readFileSync(path, 'utf8').split('\n')) {
    const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
    if (!word) continue;
    const lines = entries.get(word);
    if (lines) lines.push(line);
    else entries.set(word, [line]);
  }
  return entries;
}

/** The programs, model and dictionary of a recognizer, its options resolved; the dictionary is read on first use. */
interface Decoder {
  batchProgram: string;
  model: string;
  dictionaryPath: string;
  languageWeight: number;
  dictionary?: Map<string, string[]>;
  /** The English graph's loop words (common-words.ts), those of the dictionary. */
  commonWords?: string[];
}

export function pocketsphinxRecognizer(options: PocketsphinxOptions): SpeechRecognizer {
  const decoder: Decoder = {
    batchProgram: options.batchProgram ?? POCKETSPHINX_DEFAULTS.batchProgram,
    model: options.model ?? POCKETSPHINX_DEFAULTS.model,
    dictionaryPath: options.dictionary ?? POCKETSPHINX_DEFAULTS.dictionary,
    languageWeight: options.languageWeight ?? POCKETSPHINX_DEFAULTS.languageWeight,
  };
  return {
    available: () => [decoder.batchProgram, decoder.model, decoder.dictionaryPath].every((path) => existsSync(path)),
    listen(vocabulary, language, names = []) {
      const search = searchFor(decoder, vocabulary, language, names);
      return search
        ? earlyDecoding((speech) => decodeSpeech(decoder, options.tmpDir, search, speech))
        : NOTHING_TO_HEAR;
    },
  };
}

/** What the decoder listens with: its graph and dictionary, its weights and beams, and how to read what it heard. */
interface Search {
  fsg: string;
  dictionary: string;
  args: string[];
  heard(words: string): string;
}

function searchFor(
  decoder: Decoder,
  vocabulary: readonly string[],
  language: SpeechLanguage,
  names: readonly string[],
): Search | null {
  return language === 'en' ? englishSearch(decoder, vocabulary, names) : chineseSearch(vocabulary, language, names);
}

/** No phrase can be said in the language: nothing to decode, nothing heard. */
const NOTHING_TO_HEAR: Listening = {
  write: () => undefined,
  end: async () => '',
  cancel: async () => undefined,
};

/** The batch decoder on trimmed speech with `search`; stopped (killed) when its result is no longer wanted. */
function decodeSpeech(decoder: Decoder, tmpDir: string, search: Search, speech: Buffer): Decoding {
  const abort = new AbortController();
  const result = (async () => {
    const dir = await mkdtemp(join(tmpDir, 'speech-'));
    try {
      const [fsg, dict, ctl, hyp] = ['commands.fsg', 'commands.dict', 'in.ctl', 'out.hyp'].map((name) =>
        join(dir, name),
      ) as [string, string, string, string];
      await Promise.all([
        writeFile(fsg, search.fsg),
        writeFile(dict, search.dictionary),
        writeFile(ctl, 'in\n'),
        writeFile(join(dir, 'in.wav'), wavFile(dither(speech, NOISE_FLOOR), SAMPLE_RATE)),
      ]);
      await run(
        decoder.batchProgram,
        [
          ...['-adcin', 'yes', '-cepdir', dir, '-cepext', '.wav', '-ctl', ctl, '-hyp', hyp],
          ...['-hmm', decoder.model, '-samprate', String(SAMPLE_RATE), '-fsg', fsg, '-dict', dict, ...search.args],
          ...['-logfn', '/dev/null'],
        ],
        { timeout: 30_000, maxBuffer: 1 << 20, signal: abort.signal },
      );
      // "words (in -score)" on one line.
      const line = (await readFile(hyp, 'utf8')).split('\n')[0] ?? '';
      return search.heard(line.replace(/\s*\([^)]*\)\s*$/, '').trim());
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  })();
  return {
    result,
    async stop() {
      abort.abort();
      await result.catch(() => undefined);
    },
  };
}

/**
 * Word insertion penalty for English: below pocketsphinx's 0.65, so that a skill phrase beats the same words with one
 * more loose word inside ("show attendance" heard as "show my attendance").
 */
const ENGLISH_WORD_PENALTY = '0.1';
/** Beams wide enough for the English graph's loop (see english()). */
const ENGLISH_BEAMS = ['-beam', '1e-80', '-wbeam', '1e-60', '-pbeam', '1e-80'];

/**
 * English: the command graph, with the dictionary's lines for its words (the loop's, their first pronunciation only,
 * marked). The whole recording is one utterance: the continuous decoder cut it at its own pauses, and in noise kept
 * only the first word ("open notices" heard as "show"; issue 56). Wide beams: with the defaults, the loop's thousand
 * words crowded the command out of the search ("Final result does not match the grammar").
 */
function englishSearch(decoder: Decoder, vocabulary: readonly string[], names: readonly string[]): Search | null {
  decoder.dictionary ??= loadDictionary(decoder.dictionaryPath);
  const known = decoder.dictionary;
  const americanLines = (word: string) => known.get(word) ?? compoundLines(word, known);
  const linesOf = (word: string) => {
    const lines = americanLines(word);
    return [...lines, ...britishLines(lines)];
  };
  decoder.commonWords ??= commonWords((word) => known.has(word));
  const grammar = commandGrammar(vocabulary, (word) => linesOf(word).length > 0, names, decoder.commonWords);
  if (!grammar.fsg) return null;
  // A dictionary of the graph's words only: loading all of CMUdict would cost more than decoding.
  const loopLines = grammar.loop.map((word) => `${word} ${phones(linesOf(word.slice(LOOP_MARK.length))[0] ?? '')}`);
  const lines = [...grammar.words.flatMap(linesOf), ...loopLines].join('\n');
  return {
    fsg: grammar.fsg,
    dictionary: `${lines}\n`,
    args: ['-lw', String(decoder.languageWeight), '-wip', ENGLISH_WORD_PENALTY, ...ENGLISH_BEAMS],
    heard: heardCommand,
  };
}

/** Mandarin or Cantonese: the graph of the Chinese phrases, with wide beams. */
function chineseSearch(
  vocabulary: readonly string[],
  language: ChineseLanguage,
  names: readonly string[],
): Search | null {
  const grammar = chineseGrammar(vocabulary, language, romanise, names);
  if (!grammar.fsg) return null;
  return {
    fsg: grammar.fsg,
    dictionary: grammar.dictionary,
    args: ['-lw', '10', ...WIDE_BEAMS],
    heard: (words) => heardPhrase(grammar, words),
  };
}

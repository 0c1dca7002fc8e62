import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { commandGrammar } from './grammar';
import { dither, trimSilence, wavFile } from './wav';

// Offline English recognition with Debian's pocketsphinx (packages pocketsphinx, pocketsphinx-en-us): the whole
// recording is one sentence, decoded against the command grammar of the skill vocabulary (grammar.ts). Measured
// here on espeak-ng speech (README › Voice recognition): every skill phrase heard exactly, other phrases made of
// the vocabulary's words heard as themselves (a miss, not a wrong page).

const run = promisify(execFile);

export interface SpeechRecognizer {
  /** Whether it can run on this machine (programs and model installed). */
  available(): boolean;
  /** The text of 16 kHz mono 16-bit PCM, decoded against the given skill vocabulary ('' when nothing matched). */
  recognise(pcm: Buffer, vocabulary: readonly string[]): Promise<string>;
}

export interface PocketsphinxOptions {
  program?: string;
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
  program: '/usr/bin/pocketsphinx_continuous',
  model: '/usr/share/pocketsphinx/model/en-us/en-us',
  dictionary: '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict',
  languageWeight: 12,
} as const;

const SAMPLE_RATE = 16_000;
/** The noise floor added before decoding, in LSB (wav.ts `dither`). */
const NOISE_FLOOR = 64;

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

export function pocketsphinxRecognizer(options: PocketsphinxOptions): SpeechRecognizer {
  const program = options.program ?? POCKETSPHINX_DEFAULTS.program;
  const model = options.model ?? POCKETSPHINX_DEFAULTS.model;
  const dictionaryPath = options.dictionary ?? POCKETSPHINX_DEFAULTS.dictionary;
  let dictionary: Map<string, string[]> | undefined;

  return {
    available: () => existsSync(program) && existsSync(model) && existsSync(dictionaryPath),
    async recognise(pcm, vocabulary) {
      dictionary ??= loadDictionary(dictionaryPath);
      const known = dictionary;
      const grammar = commandGrammar(vocabulary, (word) => known.has(word));
      if (!grammar.jsgf) return '';
      const dir = await mkdtemp(join(options.tmpDir, 'speech-'));
      try {
        const files = { wav: join(dir, 'in.wav'), gram: join(dir, 'commands.gram'), dict: join(dir, 'commands.dict') };
        // A dictionary of the grammar's words only: loading all of CMUdict would cost more than decoding.
        const dict = grammar.words.flatMap((word) => known.get(word) ?? []).join('\n');
        await Promise.all([
          writeFile(files.wav, wavFile(dither(trimSilence(pcm, SAMPLE_RATE), NOISE_FLOOR), SAMPLE_RATE)),
          writeFile(files.gram, grammar.jsgf),
          writeFile(files.dict, `${dict}\n`),
        ]);
        const { stdout } = await run(
          program,
          [
            ...['-infile', files.wav, '-jsgf', files.gram, '-hmm', model, '-dict', files.dict],
            ...[
              '-samprate',
              String(SAMPLE_RATE),
              '-lw',
              String(options.languageWeight ?? POCKETSPHINX_DEFAULTS.languageWeight),
            ],
            ...['-logfn', '/dev/null'],
          ],
          { timeout: 30_000, maxBuffer: 1 << 20 },
        );
        // One line per stretch of speech between pauses: the sentence is all of them.
        return stdout
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
          .join(' ');
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

// `node --import tsx scripts/bench-speech.ts` (also run by `npm run bench`): the reference server's offline voice
// commands on measured sets made with espeak-ng (test/media/chinese-speech.ts), recognised with the vocabulary the
// gateway listens with for the seeded teacher: the `skills` table, and in English "open" with each of her tiles'
// names (issue 56). What is right is what the widget's own lookup makes of the text: a skill's page, a tile
// (`appForCommand`), or nothing — the page stays.
// - Mandarin and Cantonese (issue 37): each Chinese skill phrase and 14 phrases that are no command, each said 18 ways
//   (3 speeds, 3 pitches, clean and in noise): how many commands came back as themselves and how many other phrases
//   were rejected (''), against 95 % each; and 32 everyday classroom sentences (test/media/everyday-speech.ts, held
//   out: the graph was tuned before them) said 6 ways, how many left the page where it was; the time per recognition.
// - English (issue 69): the skill phrases and her tiles' names, full and short, said as "open …", 6 ways (3 speeds,
//   clean and in noise): how many the lookup takes to the right page, against 95 %; and 200 everyday classroom
//   sentences said the same 6 ways: how many leave the page where it is, against 99 %, the 120 tuned on and the 80
//   held out apart.
// - Her tiles in Chinese (issue 56): each name said as 打开… / 打開…, 6 ways. The gateway listens for tiles in English
//   only (routes/base/nls.ts says why); for this measure the bench puts the names into the Chinese graph itself.
// PH_BENCH_SPEECH_ONLY=zh-HK (or zh-CN, en) measures one language.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SKILLS } from '../demo/server/db/seed-data';
import { createServer } from '../demo/server/index';
import { userApps } from '../demo/server/routes/base/desktop-icons';
import { pocketsphinxRecognizer } from '../demo/server/speech/pocketsphinx';
import { recognise } from '../demo/server/speech/recognizer';
import type { AppItem } from '../src/core/api/types';
import { vocabularyKey } from '../src/core/api/vocabulary';
import { appName, isVisibleApp } from '../src/core/desktop/launcher';
import { appForCommand, openPhrases, SAID_OPEN } from '../src/core/voice/app-command';
import {
  CHINESE_COMMANDS,
  type ChineseLanguage,
  chineseSpeech,
  NON_COMMANDS,
  VOICINGS,
  type Voicing,
} from '../test/media/chinese-speech';
import { ENGLISH_HELD_OUT, ENGLISH_TUNING, EVERYDAY_CHINESE } from '../test/media/everyday-speech';

type Language = ChineseLanguage | 'en';
interface Job {
  phrase: string;
  voicing: Voicing;
  /** Whether what was heard is right. */
  right(heard: string): boolean;
  /** Speech that is no command: right when rejected. */
  other?: boolean;
}

const GOAL = 0.95;
/** Everyday speech that must leave the page where it is (issue 69). */
const STAY_GOAL = 0.99;
const TILE_VOICINGS = VOICINGS.filter((voicing) => voicing.pitch === 50);
const tmpDir = mkdtempSync(join(tmpdir(), 'ph-bench-speech-'));
const recognizer = pocketsphinxRecognizer({ tmpDir });
const speech = chineseSpeech();
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;
const NAMES: Record<Language, string> = { 'zh-CN': 'Mandarin', 'zh-HK': 'Cantonese', en: 'English' };
const met = (part: number, whole: number, goal: number) => part / whole >= goal;

const skillPages = new Map(SKILLS.map(([vocabulary, url]) => [vocabularyKey(vocabulary), url]));
/** Where the widget goes with a recognised text: a skill's page, a tile, or nowhere (null: the page stays). */
function pageOf(heard: string, apps: readonly AppItem[]): string | null {
  if (!heard) return null;
  return skillPages.get(vocabularyKey(heard)) ?? appForCommand(heard, apps)?.code ?? null;
}

/** Recognises every job two at a time (one decoder per core); answers the misses and the time per recognition. */
async function measure(jobs: Job[], language: Language, vocabulary: string[], names: string[] = []) {
  const queue = [...jobs];
  const misses: string[] = [];
  const missed: Job[] = [];
  let totalMs = 0;
  const work = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const pcm = speech.pcm(job.phrase, language, job.voicing);
      const started = performance.now();
      const heard = await recognise(recognizer, pcm, vocabulary, language, names);
      totalMs += performance.now() - started;
      const { speed, pitch, noise } = job.voicing;
      if (job.right(heard)) continue;
      missed.push(job);
      misses.push(
        `    ${job.phrase} (${speed} wpm, pitch ${pitch}${noise ? ', noise' : ''}) → ${heard || '(rejected)'}`,
      );
    }
  };
  await Promise.all([work(), work()]);
  return { misses, missed, msEach: Math.round(totalMs / jobs.length) };
}

/** Misses shown at most per measure: the Chinese tile names miss a hundred times, which would bury the figures. */
const MISSES_SHOWN = 12;

function printMisses(misses: readonly string[]): void {
  for (const miss of misses.slice(0, MISSES_SHOWN)) console.log(miss);
  if (misses.length > MISSES_SHOWN) console.log(`    … and ${misses.length - MISSES_SHOWN} more`);
}

async function commands(language: ChineseLanguage, vocabulary: string[], apps: AppItem[]): Promise<void> {
  const jobs: Job[] = [...CHINESE_COMMANDS, ...NON_COMMANDS].flatMap((phrase) =>
    VOICINGS.map((voicing) =>
      CHINESE_COMMANDS.includes(phrase)
        ? { phrase, voicing, right: (heard: string) => heard === phrase }
        : { phrase, voicing, other: true, right: (heard: string) => heard === '' },
    ),
  );
  const everyday: Job[] = EVERYDAY_CHINESE.flatMap((phrase) =>
    TILE_VOICINGS.map((voicing) => ({ phrase, voicing, other: true, right: (heard) => pageOf(heard, apps) === null })),
  );
  const { misses, missed: wrong, msEach } = await measure([...jobs, ...everyday], language, vocabulary);
  const missed = (set: Job[]) => wrong.filter((job) => set.includes(job)).length;
  const commandJobs = jobs.filter((job) => !job.other);
  const otherJobs = jobs.filter((job) => job.other);
  const right = commandJobs.length - missed(commandJobs);
  const rejected = otherJobs.length - missed(otherJobs);
  const stayed = everyday.length - missed(everyday);
  const goals =
    met(right, commandJobs.length, GOAL) &&
    met(rejected, otherJobs.length, GOAL) &&
    met(stayed, everyday.length, STAY_GOAL);
  console.log(
    `  ${NAMES[language]}: commands right ${right}/${commandJobs.length} (${percent(right, commandJobs.length)}), other speech rejected ${rejected}/${otherJobs.length} (${percent(rejected, otherJobs.length)}), everyday sentences left the page ${stayed}/${everyday.length} (${percent(stayed, everyday.length)}; ${EVERYDAY_CHINESE.length} × ${TILE_VOICINGS.length} voicings, held out), ${msEach} ms per recognition — ${goals ? 'goal met' : 'goal missed'} (95 %, 95 %, 99 %)`,
  );
  printMisses(misses);
}

/**
 * English (issue 69): the phrases she can say — skills and tiles — and everyday sentences; both rates against their
 * goals, the sentences of the tuning set and those held out apart.
 */
async function english(apps: AppItem[], vocabulary: string[]): Promise<void> {
  const names = openPhrases(apps, 'en');
  const phrases = [...new Set([...vocabulary.filter((entry) => /^[a-z ]+$/.test(entry)), ...names])];
  const commandJobs: Job[] = phrases.flatMap((phrase) =>
    TILE_VOICINGS.map((voicing) => ({
      phrase,
      voicing,
      right: (heard: string) => pageOf(heard, apps) === pageOf(phrase, apps),
    })),
  );
  const sentenceJobs: Job[] = [...ENGLISH_TUNING, ...ENGLISH_HELD_OUT].flatMap((phrase) =>
    TILE_VOICINGS.map((voicing) => ({ phrase, voicing, other: true, right: (heard) => pageOf(heard, apps) === null })),
  );
  const { misses, missed, msEach } = await measure([...commandJobs, ...sentenceJobs], 'en', vocabulary, names);
  const count = (jobs: Job[]) => jobs.length - missed.filter((job) => jobs.includes(job)).length;
  const right = count(commandJobs);
  const stayed = count(sentenceJobs);
  const tuning = sentenceJobs.filter((job) => ENGLISH_TUNING.includes(job.phrase));
  const heldOut = sentenceJobs.filter((job) => ENGLISH_HELD_OUT.includes(job.phrase));
  const goals = met(right, commandJobs.length, GOAL) && met(stayed, sentenceJobs.length, STAY_GOAL);
  console.log(
    `  English: commands right ${right}/${commandJobs.length} (${percent(right, commandJobs.length)}; ${phrases.length} phrases × ${TILE_VOICINGS.length} voicings), everyday sentences left the page ${stayed}/${sentenceJobs.length} (${percent(stayed, sentenceJobs.length)}; tuning ${count(tuning)}/${tuning.length}, held out ${count(heldOut)}/${heldOut.length} (${percent(count(heldOut), heldOut.length)})), ${msEach} ms per recognition — ${goals ? 'goal met' : 'goal missed'} (95 %, 99 %)`,
  );
  printMisses(misses);
}

async function tiles(apps: AppItem[], vocabulary: string[], language: ChineseLanguage): Promise<void> {
  const names = openPhrases(apps, language);
  const phrases = new Map<string, string>();
  for (const app of apps.filter(isVisibleApp)) {
    for (const short of [false, true]) phrases.set(`${SAID_OPEN[language]}${appName(app, language, short)}`, app.code);
  }
  const jobs: Job[] = [...phrases].flatMap(([phrase, code]) =>
    TILE_VOICINGS.map((voicing) => ({
      phrase,
      voicing,
      right: (heard: string) => appForCommand(heard, apps)?.code === code,
    })),
  );
  const { misses, msEach } = await measure(jobs, language, vocabulary, names);
  const right = jobs.length - misses.length;
  console.log(
    `  ${NAMES[language]} tile names: opened the tile ${right}/${jobs.length} (${percent(right, jobs.length)}; ${phrases.size} names × ${TILE_VOICINGS.length} voicings), ${msEach} ms per recognition — ${right / jobs.length >= GOAL ? 'goal met' : 'goal missed'} (95 %); the names put in the graph for this measure, the gateway leaves them out`,
  );
  printMisses(misses);
}

const dataDir = mkdtempSync(join(tmpdir(), 'ph-bench-speech-db-'));
const server = await createServer({ dataDir, port: 0 });
try {
  if (!recognizer.available()) throw new Error('pocketsphinx is not installed (npm test installs it)');
  const apps = userApps(server.context, 'u-teacher');
  const skills = SKILLS.map(([phrase]) => phrase);
  console.log(
    `voice commands offline (pocketsphinx, English acoustic model; the teacher's vocabulary: ${skills.length} skills, and "open" with her ${apps.length} tiles' names):`,
  );
  const only = process.env.PH_BENCH_SPEECH_ONLY;
  const wanted = (language: Language) => !only || language === only;
  for (const language of (['zh-CN', 'zh-HK'] as const).filter(wanted)) {
    await commands(language, skills, apps);
    await tiles(apps, skills, language);
  }
  if (wanted('en')) await english(apps, skills);
} finally {
  await server.close();
  speech.dispose();
  rmSync(tmpDir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
}

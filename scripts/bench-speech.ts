// `node --import tsx scripts/bench-speech.ts` (also run by `npm run bench`): the reference server's offline Mandarin
// and Cantonese voice commands (issue 37) on a measured set made with espeak-ng (test/media/chinese-speech.ts): each
// Chinese skill phrase of the `skills` table and 14 phrases that are no command, each said 18 ways (3 speeds, 3
// pitches, clean and in noise). Prints, per language, how many commands came back as themselves and how many other
// phrases were rejected (''), against issue 37's goal of 95 % each, and the time per recognition.
// PH_BENCH_SPEECH_ONLY=zh-HK (or zh-CN) measures one language.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SKILLS } from '../demo/server/db/seed-data';
import { pocketsphinxRecognizer } from '../demo/server/speech/pocketsphinx';
import {
  CHINESE_COMMANDS,
  type ChineseLanguage,
  chineseSpeech,
  NON_COMMANDS,
  VOICINGS,
} from '../test/media/chinese-speech';

const GOAL = 0.95;
const vocabulary = SKILLS.map(([phrase]) => phrase);
const tmpDir = mkdtempSync(join(tmpdir(), 'ph-bench-speech-'));
const recognizer = pocketsphinxRecognizer({ tmpDir });
const speech = chineseSpeech();
const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)} %`;

try {
  if (!recognizer.available()) throw new Error('pocketsphinx is not installed (npm test installs it)');
  console.log(`voice commands offline (pocketsphinx, English acoustic model, ${VOICINGS.length} voicings per phrase):`);
  const only = process.env.PH_BENCH_SPEECH_ONLY;
  for (const language of (['zh-CN', 'zh-HK'] as ChineseLanguage[]).filter((item) => !only || item === only)) {
    const jobs = [...CHINESE_COMMANDS, ...NON_COMMANDS].flatMap((phrase) =>
      VOICINGS.map((voicing) => ({ phrase, command: CHINESE_COMMANDS.includes(phrase), voicing })),
    );
    const misses: string[] = [];
    let right = 0;
    let rejected = 0;
    let totalMs = 0;
    // Two at a time: one decoder per core.
    const work = async () => {
      for (let job = jobs.shift(); job; job = jobs.shift()) {
        const pcm = speech.pcm(job.phrase, language, job.voicing);
        const started = performance.now();
        const heard = await recognizer.recognise(pcm, vocabulary, language);
        totalMs += performance.now() - started;
        const { speed, pitch, noise } = job.voicing;
        const how = `${speed} wpm, pitch ${pitch}${noise ? ', noise' : ''}`;
        if (job.command && heard === job.phrase) right += 1;
        else if (!job.command && heard === '') rejected += 1;
        else misses.push(`    ${job.phrase} (${how}) → ${heard || '(rejected)'}`);
      }
    };
    const total = (CHINESE_COMMANDS.length + NON_COMMANDS.length) * VOICINGS.length;
    await Promise.all([work(), work()]);
    const commands = CHINESE_COMMANDS.length * VOICINGS.length;
    const others = NON_COMMANDS.length * VOICINGS.length;
    const met = right / commands >= GOAL && rejected / others >= GOAL;
    const name = language === 'zh-CN' ? 'Mandarin' : 'Cantonese';
    console.log(
      `  ${name}: commands right ${right}/${commands} (${percent(right, commands)}), other speech rejected ${rejected}/${others} (${percent(rejected, others)}), ${Math.round(totalMs / total)} ms per recognition — ${met ? 'goal met' : 'goal missed'} (95 % each)`,
    );
    for (const miss of misses) console.log(miss);
  }
} finally {
  speech.dispose();
  rmSync(tmpDir, { recursive: true, force: true });
}

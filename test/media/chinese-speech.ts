import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pinyin } from 'pinyin-pro';
import { SKILLS } from '../../demo/server/db/seed-data';

// Spoken Mandarin and Cantonese, made at test time with espeak-ng (nothing committed): the measured set of issue 37's
// voice commands. Mandarin is read from tone-numbered pinyin (`-v cmn-latn-pinyin`: `-v cmn` misreads characters),
// Cantonese from the characters (`-v yue`).

export type ChineseLanguage = 'zh-CN' | 'zh-HK';

/** The Chinese skill phrases of the seeded `skills` table: what must be recognised. */
export const CHINESE_COMMANDS = SKILLS.map(([vocabulary]) => vocabulary).filter((phrase) =>
  /^[\u3400-\u9fff]+$/.test(phrase),
);

/**
 * Speech that is no command and must be rejected: everyday phrases, and phrases that share a command's first or last
 * syllables (打开我的文件, 查看成绩, 发送消息), the hardest to tell apart.
 */
export const NON_COMMANDS = [
  '今天天气很好',
  '打开我的文件',
  '查看课程表',
  '你好',
  '我要请假',
  '明天几点上课',
  '关闭窗口',
  '打开设置',
  '播放音乐',
  '查看成绩',
  '发送消息',
  '退出登录',
  '谢谢老师',
  '现在几点了',
];

/** How a phrase is said: espeak-ng's words per minute and pitch (0–99), and white noise added (peak LSB, 0: none). */
export interface Voicing {
  speed: number;
  pitch: number;
  noise: number;
}

/** Three speeds, three pitches, clean and in noise (±1500 LSB, about −32 dBFS RMS): 18 voicings. */
export const VOICINGS: Voicing[] = [120, 150, 180].flatMap((speed) =>
  [35, 50, 70].flatMap((pitch) => [0, 1500].map((noise) => ({ speed, pitch, noise }))),
);

/** Uniform noise from a fixed seed: the same utterance always gives the same samples. */
function addNoise(pcm: Buffer, peak: number): Buffer {
  let state = 12345;
  for (let offset = 0; offset + 1 < pcm.length; offset += 2) {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    const noise = Math.round((state / 0x7fffffff - 0.5) * 2 * peak);
    pcm.writeInt16LE(Math.max(-32768, Math.min(32767, pcm.readInt16LE(offset) + noise)), offset);
  }
  return pcm;
}

export interface ChineseSpeech {
  /**
   * 16 kHz mono 16-bit PCM of `phrase` said in `language` as `voicing` says, with half a second of quiet around it
   * (English too: the bench says tile names in all three languages).
   */
  pcm(phrase: string, language: ChineseLanguage | 'en', voicing: Voicing): Buffer;
  dispose(): void;
}

export function chineseSpeech(): ChineseSpeech {
  const dir = mkdtempSync(join(tmpdir(), 'ph-chinese-speech-'));
  let count = 0;
  return {
    pcm(phrase, language, { speed, pitch, noise }) {
      const wav = join(dir, `said-${count}.wav`);
      const raw = join(dir, `said-${count++}.raw`);
      const voice = ['-s', String(speed), '-p', String(pitch), '-w', wav];
      if (language === 'zh-CN') {
        // Neutral tones are 5 to espeak-ng, 0 to pinyin-pro.
        const syllables = pinyin(phrase, { toneType: 'num', type: 'array' }).map((syllable) =>
          syllable.replace(/0$/, '5'),
        );
        execFileSync('espeak-ng', ['-v', 'cmn-latn-pinyin', ...voice, syllables.join(' ')]);
      } else {
        execFileSync('espeak-ng', ['-v', language === 'en' ? 'en' : 'yue', ...voice, phrase]);
      }
      // -G: headroom instead of clipping; -D: no dither, so the same utterance always gives the same bytes.
      const format = ['-r', '16000', '-c', '1', '-b', '16', '-e', 'signed', '-t', 'raw'];
      execFileSync('sox', ['-G', '-D', '-V1', wav, ...format, raw, 'pad', '0.5', '0.5']);
      const pcm = readFileSync(raw);
      return noise ? addNoise(pcm, noise) : pcm;
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

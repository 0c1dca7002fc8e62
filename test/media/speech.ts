import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Spoken test media, made at test time (nothing is committed): espeak-ng says the phrase, sox turns it into what
// the tiers need. Both programs come from `pretest` (scripts/ensure-system-tools.mjs).

export interface SpeechMedia {
  /** 16 kHz mono 16-bit little-endian samples, no header: what the widgets' recorder sends; optionally with digital
   * silence around it, as a recording held before and after speaking has. */
  pcm(phrase: string, silence?: { beforeSeconds: number; afterSeconds: number }): Buffer;
  /**
   * A wav for Chromium's fake microphone: silence, the phrase, silence. Chromium plays the file from the start when
   * the microphone opens and loops it, so the silence before lets the recorder connect, and the silence after keeps
   * a second helping of the phrase out of a recording of a few seconds.
   */
  wav(phrase: string, name: string, silence?: { beforeSeconds: number; afterSeconds: number }): string;
  /** Removes the files. */
  dispose(): void;
}

export function speechMedia(): SpeechMedia {
  const dir = mkdtempSync(join(tmpdir(), 'ph-speech-'));
  let count = 0;
  const speak = (phrase: string) => {
    const file = join(dir, `spoken-${count++}.wav`);
    execFileSync('espeak-ng', ['-w', file, phrase]);
    return file;
  };
  return {
    pcm(phrase, silence) {
      const raw = join(dir, `pcm-${count++}.raw`);
      // -D: no dither, so the same phrase always gives the same bytes.
      const format = ['-r', '16000', '-c', '1', '-b', '16', '-e', 'signed', '-t', 'raw'];
      const pad = silence ? ['pad', String(silence.beforeSeconds), String(silence.afterSeconds)] : [];
      execFileSync('sox', ['-D', speak(phrase), ...format, raw, ...pad]);
      return readFileSync(raw);
    },
    wav(phrase, name, silence = { beforeSeconds: 1, afterSeconds: 4 }) {
      const file = join(dir, `${name}.wav`);
      execFileSync('sox', [
        ...['-D', speak(phrase), '-r', '16000', '-c', '1', '-b', '16', file],
        ...['pad', String(silence.beforeSeconds), String(silence.afterSeconds)],
      ]);
      return file;
    },
    dispose() {
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

import type { Listening } from './recognizer';
import { frameLevels, speechSpan, trimSilence } from './wav';

// A recognition that starts decoding before the release (issue 69: Chinese commands took 1.5–2.0 s from the release
// to the page, most of it pocketsphinx decoding the whole recording after the stop).
//
// The decoder needs the whole utterance at once: block by block, pocketsphinx cannot normalise the cepstrum over the
// utterance, and Mandarin commands were lost ("查看考勤" heard as loose syllables). What it decodes is the recording's
// speech with 300 ms of quiet on each side (wav.ts trimSilence). As soon as the recording so far holds speech followed
// by those 300 ms, that part is decoded; if by the stop nothing but quiet has come since, the part is the same bytes
// as the whole recording's, and the decoding under way (or done) is the answer. Speech after it, or louder speech,
// starts a new one. The answer is therefore always what decoding the whole recording gives.

/** One decoding of trimmed speech, under way. */
export interface Decoding {
  result: Promise<string>;
  /** Stops it (its result is no longer wanted); settles once the decoder has stopped. */
  stop(): Promise<void>;
}

/** Decodes trimmed speech (16 kHz mono 16-bit PCM, never empty). */
export type Decode = (speech: Buffer) => Decoding;

const SAMPLE_RATE = 16_000;
const FRAME_BYTES = (SAMPLE_RATE / 100) * 2;

export function earlyDecoding(decode: Decode): Listening {
  const parts: Buffer[] = [];
  /** The level of each whole 10 ms frame so far, and the bytes of the frame not yet whole. */
  const levels: number[] = [];
  let rest = Buffer.alloc(0);
  let early: { speech: Buffer; span?: string; decoding: Decoding } | null = null;
  /** Work stopped and not yet settled: what cancel() and end() wait for before they answer. */
  const stopping: Promise<void>[] = [];
  const drop = () => {
    if (early) stopping.push(early.decoding.stop().catch(() => undefined));
    early = null;
  };
  const recording = () => Buffer.concat(parts);

  /** Once speech has been followed by its margin of quiet, that part is decoded now, unless it already is. */
  const decodeWhatIsSettled = () => {
    const span = speechSpan(levels);
    if (!span || span.end === levels.length || early?.span === `${span.start}-${span.end}`) return;
    const speech = trimSilence(recording(), SAMPLE_RATE);
    if (early?.speech.equals(speech)) return;
    drop();
    early = { speech, span: `${span.start}-${span.end}`, decoding: decode(speech) };
  };

  return {
    write(pcm) {
      parts.push(pcm);
      const data = Buffer.concat([rest, pcm]);
      let start = 0;
      for (; start + FRAME_BYTES <= data.length; start += FRAME_BYTES) {
        levels.push(...frameLevels(data.subarray(start, start + FRAME_BYTES), SAMPLE_RATE));
      }
      rest = Buffer.from(data.subarray(start));
      decodeWhatIsSettled();
    },
    async end() {
      const speech = trimSilence(recording(), SAMPLE_RATE);
      if (!early?.speech.equals(speech)) {
        drop();
        early = speech.length ? { speech, decoding: decode(speech) } : null;
      }
      await Promise.all(stopping);
      return early ? early.decoding.result : '';
    },
    async cancel() {
      drop();
      await Promise.all(stopping);
    },
  };
}

// 16-bit mono PCM as a WAV file, the input pocketsphinx reads.

const HEADER_BYTES = 44;

export function wavFile(pcm: Buffer, sampleRate: number): Buffer {
  const header = Buffer.alloc(HEADER_BYTES);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(HEADER_BYTES - 8 + pcm.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(pcm.length, 40);
  return Buffer.concat([header, pcm]);
}

/**
 * Adds a noise floor like a quiet microphone's (triangular noise of `amplitude` LSB). A real microphone never
 * delivers digital silence, but synthetic speech and Chromium's fake microphone do, and pocketsphinx then misjudges
 * the quiet around the words (measured: "open grade management" after 300 ms of digital silence came back as
 * "management"; with a floor of 16 to 64 LSB, about -60 dBFS, it was heard whole). A fixed seed keeps it repeatable.
 */
export function dither(pcm: Buffer, amplitude = 1, seed = 0x2545f491): Buffer {
  const out = Buffer.alloc(pcm.length - (pcm.length % 2));
  let state = seed >>> 0;
  const random = () => {
    // xorshift32
    state ^= state << 13;
    state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5;
    state >>>= 0;
    return state / 0x1_0000_0000;
  };
  for (let offset = 0; offset < out.length; offset += 2) {
    const noise = Math.round((random() - random()) * amplitude);
    out.writeInt16LE(Math.max(-32768, Math.min(32767, pcm.readInt16LE(offset) + noise)), offset);
  }
  return out;
}

/** The RMS level of each 10 ms frame of a recording (the last one possibly shorter). */
export function frameLevels(pcm: Buffer, sampleRate: number): number[] {
  const frameBytes = (sampleRate / 100) * 2;
  const levels: number[] = [];
  for (let start = 0; start + 1 < pcm.length; start += frameBytes) {
    let sum = 0;
    let count = 0;
    for (let offset = start; offset + 1 < Math.min(start + frameBytes, pcm.length); offset += 2) {
      const sample = pcm.readInt16LE(offset);
      sum += sample * sample;
      count++;
    }
    levels.push(Math.sqrt(sum / Math.max(count, 1)));
  }
  return levels;
}

/**
 * The frames that hold speech, with a margin of quiet on each side (`end` exclusive), or null when none does: frames
 * whose RMS reaches a tenth of the loudest frame's (and at least `floor`) count as speech.
 */
export function speechSpan(
  levels: readonly number[],
  marginMs = 300,
  floor = 300,
): { start: number; end: number } | null {
  const threshold = Math.max(floor, Math.max(0, ...levels) / 10);
  const first = levels.findIndex((level) => level >= threshold);
  if (first < 0) return null;
  const last = levels.findLastIndex((level) => level >= threshold);
  const margin = Math.round(marginMs / 10);
  return { start: Math.max(0, first - margin), end: Math.min(levels.length, last + 1 + margin) };
}

/**
 * The part of a recording that holds speech, with a margin of quiet on each side (`speechSpan`). A recording begins
 * with the user getting ready and ends when the button is released, and pocketsphinx decodes long stretches of quiet
 * as words.
 */
export function trimSilence(pcm: Buffer, sampleRate: number): Buffer {
  const span = speechSpan(frameLevels(pcm, sampleRate));
  const frameBytes = (sampleRate / 100) * 2;
  return span ? pcm.subarray(span.start * frameBytes, span.end * frameBytes) : pcm.subarray(0, 0);
}

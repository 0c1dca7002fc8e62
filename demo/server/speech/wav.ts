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
 * Adds triangular noise of about one least significant bit. A real microphone never delivers digital silence, but
 * synthetic speech (and Chromium's fake microphone) does, and pocketsphinx's silence detection and cepstral mean
 * normalisation then misjudge where speech starts. A fixed seed keeps recognition repeatable.
 */
export function dither(pcm: Buffer, seed = 0x2545f491): Buffer {
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
    const noise = Math.round(random() - random());
    out.writeInt16LE(Math.max(-32768, Math.min(32767, pcm.readInt16LE(offset) + noise)), offset);
  }
  return out;
}

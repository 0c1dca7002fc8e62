// Microphone audio -> what speech recognisers take: 16 kHz, mono, 16-bit PCM, in frames of a fixed length. Runs
// inside the AudioWorklet (pcm-worklet.ts) on the audio thread, and in Node tests: no browser API here.

/** The name the recorder's AudioWorklet processor is registered under (pcm-worklet.ts). */
export const PCM_PROCESSOR = 'ph-pcm-recorder';

export interface PcmProcessorOptions {
  targetRate: number;
  frameSamples?: number;
}

/** A frame of 100 ms at 16 kHz: 3200 bytes, the size recognition services suggest per message. */
export const PCM_FRAME_SAMPLES = 1600;

/** A sample in [-1, 1] as a signed 16-bit integer (clipped). */
export function toInt16(sample: number): number {
  const clipped = Math.max(-1, Math.min(1, Number.isFinite(sample) ? sample : 0));
  return clipped < 0 ? Math.round(clipped * 0x8000) : Math.round(clipped * 0x7fff);
}

/**
 * Streams audio from the device rate to the target rate. Going down (48 kHz, 44.1 kHz -> 16 kHz) each output sample
 * is the mean of the input it covers, fractions of a sample included: a box filter, which keeps most of what lies
 * above the new Nyquist frequency out of the speech band. Going up (8 kHz devices) it interpolates linearly.
 */
export class Resampler {
  private readonly step: number;
  /** Downsampling: the weighted sum and the input length gathered for the next output sample. */
  private sum = 0;
  private filled = 0;
  /** Upsampling: the previous input sample and the next output's position after it (in input samples). */
  private previous = 0;
  private position = 0;

  constructor(
    readonly inputRate: number,
    readonly outputRate: number,
  ) {
    if (!(inputRate > 0) || !(outputRate > 0)) throw new RangeError('sample rates must be positive');
    this.step = inputRate / outputRate;
  }

  /** The output samples that `input` completes (floats in [-1, 1]). */
  push(input: ArrayLike<number>): number[] {
    return this.step >= 1 ? this.down(input) : this.up(input);
  }

  private down(input: ArrayLike<number>): number[] {
    const output: number[] = [];
    for (let index = 0; index < input.length; index++) {
      const sample = input[index] ?? 0;
      let left = 1;
      while (left > 0) {
        const take = Math.min(this.step - this.filled, left);
        this.sum += sample * take;
        this.filled += take;
        left -= take;
        if (this.filled >= this.step - 1e-9) {
          output.push(this.sum / this.step);
          this.sum = 0;
          this.filled = 0;
        }
      }
    }
    return output;
  }

  private up(input: ArrayLike<number>): number[] {
    const output: number[] = [];
    for (let index = 0; index < input.length; index++) {
      const sample = input[index] ?? 0;
      while (this.position < 1) {
        output.push(this.previous + (sample - this.previous) * this.position);
        this.position += this.step;
      }
      this.position -= 1;
      this.previous = sample;
    }
    return output;
  }
}

/** Resampled 16-bit samples cut into frames of `frameSamples`; `flush` hands over the last, shorter one. */
export class PcmFramer {
  private readonly resampler: Resampler;
  private frame: Int16Array;
  private length = 0;

  constructor(
    inputRate: number,
    outputRate: number,
    private readonly frameSamples = PCM_FRAME_SAMPLES,
  ) {
    this.resampler = new Resampler(inputRate, outputRate);
    this.frame = new Int16Array(frameSamples);
  }

  /** The frames that `input` (mono floats at the input rate) completes. */
  push(input: ArrayLike<number>): Int16Array[] {
    const frames: Int16Array[] = [];
    for (const sample of this.resampler.push(input)) {
      this.frame[this.length++] = toInt16(sample);
      if (this.length === this.frameSamples) {
        frames.push(this.frame);
        this.frame = new Int16Array(this.frameSamples);
        this.length = 0;
      }
    }
    return frames;
  }

  /** What is left of the current frame ([] when nothing is). */
  flush(): Int16Array[] {
    if (this.length === 0) return [];
    const last = this.frame.slice(0, this.length);
    this.frame = new Int16Array(this.frameSamples);
    this.length = 0;
    return [last];
  }
}

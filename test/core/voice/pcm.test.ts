import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PCM_FRAME_SAMPLES, PcmFramer, Resampler, toInt16 } from '../../../src/core/voice';

// The recorder's audio path (it runs in the AudioWorklet): device rate -> 16 kHz, floats -> 16-bit frames.

const sine = (frequency: number, rate: number, seconds: number) =>
  Float32Array.from({ length: Math.round(rate * seconds) }, (_, n) => Math.sin((2 * Math.PI * frequency * n) / rate));

/** Pushes `input` in render quanta of 128 samples, as an AudioWorklet receives it. */
function inQuanta<T>(input: Float32Array, push: (part: Float32Array) => T[]): T[] {
  const out: T[] = [];
  for (let start = 0; start < input.length; start += 128) out.push(...push(input.subarray(start, start + 128)));
  return out;
}

/** The frequency of a sampled tone, from its zero crossings. */
function toneFrequency(samples: ArrayLike<number>, rate: number): number {
  let crossings = 0;
  for (let n = 1; n < samples.length; n++) {
    if ((samples[n - 1] ?? 0) < 0 !== (samples[n] ?? 0) < 0) crossings++;
  }
  return (crossings / 2) * (rate / samples.length);
}

const rms = (samples: ArrayLike<number>) =>
  Math.sqrt(Array.from(samples).reduce((sum, value) => sum + value * value, 0) / samples.length);

describe('toInt16', () => {
  it.each([
    [0, 0],
    [1, 32767],
    [-1, -32768],
    [0.5, 16384],
    [2, 32767],
    [-3, -32768],
    [Number.NaN, 0],
  ])('%d -> %d', (sample, expected) => {
    expect(toInt16(sample)).toBe(expected);
  });
});

describe('Resampler', () => {
  it.each([48_000, 44_100, 32_000, 22_050, 16_000, 8_000])(
    'turns one second at %d Hz into one second at 16 kHz, keeping a 440 Hz tone',
    (rate) => {
      const resampler = new Resampler(rate, 16_000);
      const output = inQuanta(sine(440, rate, 1), (part) => resampler.push(part));
      expect(Math.abs(output.length - 16_000)).toBeLessThanOrEqual(1);
      expect(toneFrequency(output, 16_000)).toBeCloseTo(440, -1);
      expect(rms(output)).toBeGreaterThan(0.6);
    },
  );

  it('keeps the rate ratio over any split into parts', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(48_000, 44_100, 8_000),
        fc.array(fc.integer({ min: 0, max: 300 }), { maxLength: 40 }),
        (rate, sizes) => {
          const resampler = new Resampler(rate, 16_000);
          let produced = 0;
          let consumed = 0;
          for (const size of sizes) {
            produced += resampler.push(new Float32Array(size)).length;
            consumed += size;
          }
          expect(Math.abs(produced - (consumed * 16_000) / rate)).toBeLessThanOrEqual(1);
        },
      ),
    );
  });

  it('averages away a tone above the new Nyquist frequency when going down', () => {
    const resampler = new Resampler(48_000, 16_000);
    const output = inQuanta(sine(12_000, 48_000, 0.5), (part) => resampler.push(part));
    expect(rms(output)).toBeLessThan(0.35);
  });

  it('refuses a rate that is not positive', () => {
    expect(() => new Resampler(0, 16_000)).toThrow(RangeError);
  });
});

describe('PcmFramer', () => {
  it('hands over 100 ms frames of 16-bit samples, and the rest on flush', () => {
    const framer = new PcmFramer(48_000, 16_000);
    const frames = inQuanta(sine(300, 48_000, 0.25), (part) => framer.push(part));
    expect(frames).toHaveLength(2);
    for (const frame of frames) {
      expect(frame).toBeInstanceOf(Int16Array);
      expect(frame.length).toBe(PCM_FRAME_SAMPLES);
    }
    const rest = framer.flush();
    expect(rest).toHaveLength(1);
    expect(rest[0]?.length).toBe(800);
    expect(framer.flush()).toEqual([]);
    expect(Math.max(...Array.from(frames[0] ?? []))).toBeGreaterThan(30_000);
  });
});

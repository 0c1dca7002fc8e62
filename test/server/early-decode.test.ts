import { describe, expect, it } from 'vitest';
import { type Decoding, earlyDecoding } from '../../demo/server/speech/early-decode';
import { trimSilence } from '../../demo/server/speech/wav';

// A recognition decoded once its speech has ended, before the release (issue 69: Chinese commands took 1.5–2.0 s
// from the release to the page, pocketsphinx decoding the whole recording only after the stop). The decoder here is
// a script that answers when told: what is checked is which speech it was given and when, never how long it took.

/** `count` frames of 10 ms of a square wave of `level` (RMS = level), or digital silence. */
function frames(count: number, level: number): Buffer {
  const pcm = Buffer.alloc(count * 320);
  for (let offset = 0; offset < pcm.length; offset += 2) pcm.writeInt16LE(offset % 4 ? level : -level, offset);
  return pcm;
}
const quiet = (count: number) => frames(count, 0);
const speech = (count: number) => frames(count, 5000);

/** A decoder that records each speech it is given and answers only when the test resolves it. */
function scriptedDecoder() {
  const given: { speech: Buffer; answer: (text: string) => void; stopped: boolean }[] = [];
  const decode = (heard: Buffer): Decoding => {
    const entry: (typeof given)[number] = { speech: heard, answer: () => undefined, stopped: false };
    const result = new Promise<string>((resolve) => {
      entry.answer = resolve;
    });
    given.push(entry);
    return {
      result,
      stop: async () => {
        entry.stopped = true;
      },
    };
  };
  return { given, decode };
}

/** Writes `pcm` as the gateway does: 100 ms frames. */
function feed(listening: { write(pcm: Buffer): void }, pcm: Buffer): void {
  for (let offset = 0; offset < pcm.length; offset += 3200) listening.write(pcm.subarray(offset, offset + 3200));
}

describe('decoding a recognition once its speech has ended (issue 69)', () => {
  it('decodes the speech and its 300 ms of quiet before the release, and answers with it at the stop', async () => {
    const decoder = scriptedDecoder();
    const listening = earlyDecoding(decoder.decode);
    feed(listening, Buffer.concat([quiet(50), speech(100), quiet(20)]));
    // The speech has not yet been followed by its margin of quiet: it may go on.
    expect(decoder.given).toHaveLength(0);
    feed(listening, quiet(20));
    expect(decoder.given).toHaveLength(1);
    feed(listening, quiet(30));
    const recording = Buffer.concat([quiet(50), speech(100), quiet(70)]);
    // What the whole recording gives: the answer is the same as decoding it after the stop.
    expect(decoder.given[0]?.speech).toEqual(trimSilence(recording, 16_000));
    decoder.given[0]?.answer('打开成绩管理');
    expect(await listening.end()).toBe('打开成绩管理');
    expect(decoder.given).toHaveLength(1);
  });

  it('starts again when speech follows the pause, and stops the decoding it no longer wants', async () => {
    const decoder = scriptedDecoder();
    const listening = earlyDecoding(decoder.decode);
    feed(listening, Buffer.concat([speech(40), quiet(40)]));
    expect(decoder.given).toHaveLength(1);
    feed(listening, Buffer.concat([speech(40), quiet(40)]));
    expect(decoder.given).toHaveLength(2);
    expect(decoder.given[0]?.stopped).toBe(true);
    const recording = Buffer.concat([speech(40), quiet(40), speech(40), quiet(40)]);
    expect(decoder.given[1]?.speech).toEqual(trimSilence(recording, 16_000));
    decoder.given[1]?.answer('查看考勤');
    expect(await listening.end()).toBe('查看考勤');
  });

  it('decodes at the stop what ended too close to it', async () => {
    const decoder = scriptedDecoder();
    const listening = earlyDecoding(decoder.decode);
    feed(listening, Buffer.concat([quiet(10), speech(60), quiet(10)]));
    const answer = listening.end();
    expect(decoder.given).toHaveLength(1);
    expect(decoder.given[0]?.speech).toEqual(trimSilence(Buffer.concat([quiet(10), speech(60), quiet(10)]), 16_000));
    decoder.given[0]?.answer('');
    expect(await answer).toBe('');
  });

  it('decodes nothing for quiet alone, and stops the decoding of a recognition dropped', async () => {
    const silent = scriptedDecoder();
    const nothing = earlyDecoding(silent.decode);
    feed(nothing, quiet(200));
    expect(await nothing.end()).toBe('');
    expect(silent.given).toHaveLength(0);
    const decoder = scriptedDecoder();
    const dropped = earlyDecoding(decoder.decode);
    feed(dropped, Buffer.concat([speech(40), quiet(40)]));
    await dropped.cancel();
    expect(decoder.given.map((entry) => entry.stopped)).toEqual([true]);
  });
});

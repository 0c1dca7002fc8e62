import { describe, expect, it } from 'vitest';
import { isAudible, isRealSpeech, SOUND_PEAK } from '../../../src/core/voice/heard';

// Issue 56: what counts as silence, and which recognised texts are shown back on a miss.

describe('isAudible', () => {
  it('takes a frame of zeros or low noise as silence', () => {
    expect(isAudible(new Int16Array(1600))).toBe(false);
    expect(isAudible(Int16Array.from({ length: 1600 }, (_, n) => (n % 2 ? 1 : -1) * (SOUND_PEAK - 1)))).toBe(false);
  });

  it('takes a frame with one sample at the level, either sign, as sound', () => {
    for (const peak of [SOUND_PEAK, -SOUND_PEAK, 32_767, -32_768]) {
      const frame = new Int16Array(1600);
      frame[800] = peak;
      expect(isAudible(frame)).toBe(true);
    }
  });
});

describe('isRealSpeech', () => {
  it.each(['open timetable', 'Open grade management.', '成绩', '打开课程表', '打開課表', '打开 OA', 'open 课表'])(
    'shows %j',
    (text) => {
      expect(isRealSpeech(text)).toBe(true);
    },
  );

  it.each(['', 'My', 'My.', 'Um, open.', 'uh hmm', '我', '我。', '嗯啊', '嗯，OA', '12'])(
    'leaves out the fragment %j',
    (text) => {
      expect(isRealSpeech(text)).toBe(false);
    },
  );
});

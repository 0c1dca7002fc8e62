import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Box,
  FACE_TARGET_TOLERANCE_PX,
  type FaceState,
  type Framing,
  faceNotice,
  framingAdvice,
  guideBox,
  isOnTarget,
  transition,
} from '../../../src/core/face';
import type { Language } from '../../../src/core/i18n/language';
import { $language } from '../../../src/core/i18n/translate';

// Issue 54: one framing rule, built on §5's isOnTarget, says why a face misses and what to do about it.

const guide = guideBox({ width: 480, height: 480 });
const T = FACE_TARGET_TOLERANCE_PX;
/** The guide box grown by `dw` × `dh` about its centre: only the size is off. */
const resized = (dw: number, dh = dw): Box => ({
  x: guide.x - dw / 2,
  y: guide.y - dh / 2,
  width: guide.width + dw,
  height: guide.height + dh,
});

describe('framingAdvice (issue 54, on §5: within 50 px in position and size)', () => {
  it.each([
    ['nobody', [], 'noFace'],
    ['two faces, both on target', [guide, { ...guide, x: guide.x + 10 }], 'several'],
    ['three faces', [guide, resized(-100), { x: 0, y: 0, width: 60, height: 60 }], 'several'],
    ['the guide box itself', [guide], 'onTarget'],
    [`${T} px larger`, [resized(T)], 'onTarget'],
    [`${T + 1} px larger`, [resized(T + 1)], 'tooBig'],
    [`${T + 1} px taller only`, [resized(0, T + 1)], 'tooBig'],
    [`${T} px smaller`, [resized(-T)], 'onTarget'],
    [`${T + 1} px smaller`, [resized(-T - 1)], 'tooSmall'],
    [`${T + 1} px narrower only`, [resized(-T - 1, 0)], 'tooSmall'],
    [`${T} px left`, [{ ...guide, x: guide.x - T }], 'onTarget'],
    [`${T + 1} px left`, [{ ...guide, x: guide.x - T - 1 }], 'offCentre'],
    [`${T + 1} px lower`, [{ ...guide, y: guide.y + T + 1 }], 'offCentre'],
    ['the right size in a corner', [{ ...guide, x: 0, y: 0 }], 'offCentre'],
    ['a face filling the picture', [{ x: 0, y: 0, width: 480, height: 480 }], 'tooBig'],
    ['too big and off centre: the size first', [{ ...resized(120), x: 0 }], 'tooBig'],
    ['a small face far off: the size first', [{ x: 0, y: 0, width: 40, height: 40 }], 'tooSmall'],
  ] as [string, Box[], Framing][])('%s → %s', (_name, faces, advice) => {
    expect(framingAdvice(faces, guide)).toBe(advice);
  });

  const offset = fc.integer({ min: -150, max: 150 });
  const face = fc.tuple(offset, offset, offset, offset).map(
    ([dx, dy, dw, dh]): Box => ({
      x: guide.x + dx,
      y: guide.y + dy,
      width: guide.width + dw,
      height: guide.height + dh,
    }),
  );

  it('says on target exactly when §5 does, and names the size before the position', () => {
    fc.assert(
      fc.property(face, (box) => {
        const advice = framingAdvice([box], guide);
        const dw = box.width - guide.width;
        const dh = box.height - guide.height;
        if (isOnTarget(box, guide)) return advice === 'onTarget';
        if (dw > T || dh > T) return advice === 'tooBig';
        if (dw < -T || dh < -T) return advice === 'tooSmall';
        return advice === 'offCentre';
      }),
    );
  });

  it('gives advice that, followed, gets the face on target', () => {
    fc.assert(
      fc.property(face, (box) => {
        let current = box;
        for (let step = 0; step < 3; step++) {
          const advice = framingAdvice([current], guide);
          if (advice === 'onTarget') return true;
          if (advice === 'tooBig' || advice === 'tooSmall') {
            // Moving back or closer: the guide's size, about the face's own centre.
            const cx = current.x + current.width / 2;
            const cy = current.y + current.height / 2;
            current = { x: cx - guide.width / 2, y: cy - guide.height / 2, width: guide.width, height: guide.height };
          } else {
            current = { ...current, x: guide.x, y: guide.y };
          }
        }
        return false;
      }),
    );
  });

  it('says "several" for any two faces or more, wherever they are', () => {
    fc.assert(
      fc.property(fc.array(face, { minLength: 2, maxLength: 5 }), (faces) => framingAdvice(faces, guide) === 'several'),
    );
  });
});

describe('the advice under the picture, in three languages', () => {
  const login = { mode: 'login', cameraOpen: true, cameraAllowed: true } as const;
  const detected = (faces: Box[]): FaceState =>
    transition({ status: 'detecting', faces: [], hits: 0 }, { type: 'detected', faces, guide }, login);
  const ready = (faces: Box[]): FaceState =>
    transition({ status: 'ready', faces: [] }, { type: 'detected', faces, guide }, { ...login, mode: 'collect' });
  const SHOTS: [string, Box[]][] = [
    ['noFace', []],
    ['several', [guide, { ...guide, x: 0 }]],
    ['tooBig', [resized(120)]],
    ['tooSmall', [resized(-120)]],
    ['offCentre', [{ ...guide, x: 0 }]],
    ['onTarget', [guide]],
  ];

  it.each([
    [
      'zh-CN',
      ['请正对指定区域', '只能有一个人入镜', '请后退一点', '请靠近一点', '请把脸移到框内', '请保持不动'],
      '请正对取景框，然后点击拍照',
    ],
    [
      'en',
      [
        'Please face the designated area',
        'Only one person in the picture, please',
        'Move back a little',
        'Move a little closer',
        'Move your face into the box',
        'Hold still',
      ],
      'Face the frame, then press Photograph',
    ],
    [
      'zh-HK',
      ['請正對指定區域', '只能有一個人入鏡', '請後退一點', '請靠近一點', '請把臉移到框內', '請保持不動'],
      '請正對取景框，然後點擊拍照',
    ],
  ] as [Language, string[], string][])(
    '%s: detecting (login, clock-in) and collect’s ready',
    (language, texts, press) => {
      $language.set(language);
      expect(SHOTS.map(([, faces]) => faceNotice(detected(faces), 'login')?.text)).toEqual(texts);
      // Collect says what to press where nothing needs moving, the same advice otherwise.
      const collectTexts = SHOTS.map(([, faces]) => faceNotice(ready(faces), 'collect')?.text);
      expect(collectTexts).toEqual([press, texts[1], texts[2], texts[3], texts[4], press]);
      $language.set('zh-CN');
    },
  );

  it('keeps §8’s hint before the first detection', () => {
    $language.set('en');
    expect(faceNotice({ status: 'detecting', faces: [], hits: 0 }, 'login')?.text).toBe(
      'Please face the designated area',
    );
    $language.set('zh-CN');
  });
});

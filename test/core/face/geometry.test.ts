import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  captureSize,
  FACE_CAPTURE_PX,
  FACE_TARGET_TOLERANCE_PX,
  frameToView,
  guideBox,
  imagePayload,
  isOnTarget,
  mirrorBox,
  photoRegion,
  visibleFrameRegion,
} from '../../../src/core/face';

describe('guide box (§5, §9)', () => {
  it('is a square 35 % of the view width, centred', () => {
    expect(guideBox({ width: 480, height: 480 })).toEqual({ x: 156, y: 156, width: 168, height: 168 });
    expect(guideBox({ width: 375, height: 600 })).toEqual({ x: 121.875, y: 234.375, width: 131.25, height: 131.25 });
  });
});

describe('on target: within 50 px of the guide box in position and size (§5)', () => {
  const guide = guideBox({ width: 480, height: 480 });
  it.each([
    ['the guide box itself', { ...guide }, true],
    ['50 px left', { ...guide, x: guide.x - 50 }, true],
    ['51 px left', { ...guide, x: guide.x - 51 }, false],
    ['50 px lower', { ...guide, y: guide.y + 50 }, true],
    ['51 px lower', { ...guide, y: guide.y + 51 }, false],
    ['50 px wider', { ...guide, width: guide.width + 50 }, true],
    ['51 px narrower', { ...guide, width: guide.width - 51 }, false],
    ['51 px taller', { ...guide, height: guide.height + 51 }, false],
    ['a small face far off', { x: 0, y: 0, width: 40, height: 40 }, false],
  ])('%s → %s', (_name, face, expected) => {
    expect(isOnTarget(face, guide)).toBe(expected);
  });

  it('holds exactly when every coordinate is within the tolerance', () => {
    const offset = fc.integer({ min: -120, max: 120 });
    fc.assert(
      fc.property(offset, offset, offset, offset, (dx, dy, dw, dh) => {
        const face = { x: guide.x + dx, y: guide.y + dy, width: guide.width + dw, height: guide.height + dh };
        const within = [dx, dy, dw, dh].every((d) => Math.abs(d) <= FACE_TARGET_TOLERANCE_PX);
        return isOnTarget(face, guide) === within;
      }),
    );
  });
});

describe('capture size (§5, §9)', () => {
  it('is 480 × 480 from 761 px wide, the body size below', () => {
    expect(captureSize(761, { width: 761, height: 900 })).toEqual({ width: FACE_CAPTURE_PX, height: FACE_CAPTURE_PX });
    expect(captureSize(1366, { width: 1366, height: 700 })).toEqual({ width: 480, height: 480 });
    expect(captureSize(760, { width: 760, height: 1000 })).toEqual({ width: 760, height: 1000 });
    expect(captureSize(375, { width: 375.4, height: 667.6 })).toEqual({ width: 375, height: 668 });
  });
});

describe('frame to view (object-fit: cover)', () => {
  it('maps a 640 × 480 frame into a 480 × 480 view by cutting 80 px off each side', () => {
    const view = { width: 480, height: 480 };
    const frame = { width: 640, height: 480 };
    expect(frameToView({ x: 80, y: 0, width: 480, height: 480 }, frame, view)).toEqual({
      x: 0,
      y: 0,
      width: 480,
      height: 480,
    });
    expect(visibleFrameRegion(frame, view)).toEqual({ x: 80, y: 0, width: 480, height: 480 });
  });

  it('scales a 1280 × 720 frame up to cover a 375 × 667 view', () => {
    const frame = { width: 1280, height: 720 };
    const view = { width: 375, height: 667 };
    const region = visibleFrameRegion(frame, view);
    const mapped = frameToView(region, frame, view);
    expect(mapped.x).toBeCloseTo(0);
    expect(mapped.y).toBeCloseTo(0);
    expect(mapped.width).toBeCloseTo(375);
    expect(mapped.height).toBeCloseTo(667);
  });

  it('keeps the visible region inside the frame for any sizes', () => {
    const side = fc.integer({ min: 16, max: 4000 });
    fc.assert(
      fc.property(side, side, side, side, (fw, fh, vw, vh) => {
        const region = visibleFrameRegion({ width: fw, height: fh }, { width: vw, height: vh });
        const eps = 1e-6;
        return (
          region.x >= -eps &&
          region.y >= -eps &&
          region.x + region.width <= fw + eps &&
          region.y + region.height <= fh + eps
        );
      }),
    );
  });
});

describe('the photo keeps its proportions (issue 54: squeezed sideways on a phone)', () => {
  const square = { width: 375, height: 375 };

  it.each([
    [
      'a desktop: 480 × 480 from a 640 × 480 frame, as the view shows it',
      { width: 640, height: 480 },
      { width: 480, height: 480 },
      { width: 480, height: 480 },
      { x: 80, y: 0, width: 480, height: 480 },
    ],
    [
      'a phone: the body’s 375 × 667 from a portrait frame',
      { width: 480, height: 640 },
      square,
      { width: 375, height: 667 },
      { x: 105, y: 80, width: 270, height: 480 },
    ],
    [
      'a wide narrow window: 700 × 350 from a 640 × 480 frame',
      { width: 640, height: 480 },
      square,
      { width: 700, height: 350 },
      { x: 80, y: 120, width: 480, height: 240 },
    ],
  ])('%s', (_name, frame, view, photo, region) => {
    const drawn = photoRegion(frame, view, photo);
    expect(drawn.x).toBeCloseTo(region.x, 0);
    expect(drawn.y).toBeCloseTo(region.y, 0);
    expect(drawn.width).toBeCloseTo(region.width, 0);
    expect(drawn.height).toBeCloseTo(region.height, 0);
  });

  it('has the photo’s proportions, lies in what the view shows, and shares its centre', () => {
    const side = fc.integer({ min: 16, max: 4000 });
    fc.assert(
      fc.property(side, side, side, side, side, side, (fw, fh, vw, vh, pw, ph) => {
        const frame = { width: fw, height: fh };
        const shown = visibleFrameRegion(frame, { width: vw, height: vh });
        const drawn = photoRegion(frame, { width: vw, height: vh }, { width: pw, height: ph });
        const eps = 1e-6 * Math.max(fw, fh);
        return (
          Math.abs(drawn.width * ph - drawn.height * pw) <= 1e-9 * drawn.width * ph &&
          drawn.x >= shown.x - eps &&
          drawn.y >= shown.y - eps &&
          drawn.x + drawn.width <= shown.x + shown.width + eps &&
          drawn.y + drawn.height <= shown.y + shown.height + eps &&
          Math.abs(drawn.x + drawn.width / 2 - (shown.x + shown.width / 2)) < eps + 1e-6 &&
          Math.abs(drawn.y + drawn.height / 2 - (shown.y + shown.height / 2)) < eps + 1e-6
        );
      }),
    );
  });
});

describe('mirror and payload', () => {
  it('mirrors a box around the view centre', () => {
    expect(mirrorBox({ x: 10, y: 5, width: 100, height: 100 }, { width: 480, height: 480 })).toEqual({
      x: 370,
      y: 5,
      width: 100,
      height: 100,
    });
  });

  it('sends the base64 part of a data URL (§9)', () => {
    expect(imagePayload('data:image/jpeg;base64,/9j/4AAQ==')).toBe('/9j/4AAQ==');
    expect(imagePayload('/9j/4AAQ==')).toBe('/9j/4AAQ==');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ColorPickerChange,
  PICKER_DEFAULT_COLOR,
  PICKER_FONT_FAMILIES,
  PICKER_FONT_SIZES,
  PICKER_SWATCHES,
  pickerChange,
  pickerColor,
  pickerValue,
  stepFontSize,
} from '../../../src/core/theme';

const start: ColorPickerChange = { color: '#000', fontSize: '14px', fontFamily: 'Microsoft YaHei' };

describe('the colour and font picker (§3, §9)', () => {
  it('starts at #000 (the first swatch) whatever a page sets that is not a colour, size or family it offers', () => {
    expect(PICKER_SWATCHES[0]).toBe(PICKER_DEFAULT_COLOR);
    expect(pickerValue({})).toEqual(start);
    expect(pickerValue({ color: 'red', fontSize: '13px', fontFamily: 'Comic Sans MS' })).toEqual(start);
    expect(pickerValue({ color: ' #C00000 ', fontSize: '20px', fontFamily: 'STXingkai' })).toEqual({
      color: '#c00000',
      fontSize: '20px',
      fontFamily: 'STXingkai',
    });
  });

  it.each([
    ['#abc', '#abc'],
    ['#A1B2C3', '#a1b2c3'],
    [' #000 ', '#000'],
    ['000', null],
    ['#abcd', null],
    ['#ggg', null],
    ['rgb(0,0,0)', null],
    [7, null],
  ])('takes %j as the colour %j', (text, color) => {
    expect(pickerColor(text)).toBe(color);
  });

  it('steps the size through 12–20 px and holds it at either end', () => {
    expect(stepFontSize('14px', 1)).toBe('16px');
    expect(stepFontSize('14px', -1)).toBe('12px');
    expect(stepFontSize('12px', -1)).toBe('12px');
    expect(stepFontSize('20px', 1)).toBe('20px');
    fc.assert(
      fc.property(fc.constantFrom(...PICKER_FONT_SIZES), fc.integer({ min: -10, max: 10 }), (size, steps) => {
        expect(PICKER_FONT_SIZES).toContain(stepFontSize(size, steps));
      }),
    );
  });

  it('gives the whole payload on a change, and nothing when nothing changed or the colour typed is none', () => {
    expect(pickerChange(start, { color: '#C00000' })).toEqual({ ...start, color: '#c00000' });
    expect(pickerChange(start, { fontSize: '18px' })).toEqual({ ...start, fontSize: '18px' });
    expect(pickerChange(start, { fontFamily: 'KaiTi' })).toEqual({ ...start, fontFamily: 'KaiTi' });
    expect(pickerChange(start, { color: '#000' })).toBeNull();
    expect(pickerChange(start, { color: '#00' })).toBeNull();
    expect(pickerChange(start, { fontSize: '13px' })).toBeNull();
    expect(pickerChange(start, { fontFamily: 'Arial' })).toBeNull();
  });

  it('only ever pays out values it offers', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.string(), (color, fontSize, fontFamily) => {
        const next = pickerChange(start, { color, fontSize, fontFamily }) ?? start;
        expect(pickerColor(next.color)).toBe(next.color);
        expect(PICKER_FONT_SIZES).toContain(next.fontSize);
        expect(PICKER_FONT_FAMILIES).toContain(next.fontFamily);
      }),
    );
  });
});

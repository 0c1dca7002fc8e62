import { isValidThemeColor } from '../validate/contact';

// §3 colour and font picker: its values, and what a choice becomes. <ph-picker> (src/elements/ph-picker) shows them.

export const PICKER_DEFAULT_COLOR = '#000';
export const PICKER_FONT_SIZES = ['12px', '14px', '16px', '18px', '20px'] as const;
export const PICKER_FONT_FAMILIES = ['SimSun', 'KaiTi', 'Microsoft YaHei', 'SimHei', 'LiSu', 'STXingkai'] as const;

export type PickerFontSize = (typeof PICKER_FONT_SIZES)[number];
export type PickerFontFamily = (typeof PICKER_FONT_FAMILIES)[number];

/** The spec names no default size or family: the platform's body text (14 px) in its UI family. */
export const PICKER_DEFAULT_FONT_SIZE: PickerFontSize = '14px';
export const PICKER_DEFAULT_FONT_FAMILY: PickerFontFamily = 'Microsoft YaHei';

/** The colours offered in one click (the default first); any other is typed or chosen in the browser's own picker. */
export const PICKER_SWATCHES = ['#000', '#595959', '#c00000', '#e36c09', '#d4a017', '#00b050', '#0070c0', '#7030a0'];

/** The payload of the picker's change event. */
export interface ColorPickerChange {
  color: string;
  fontSize: PickerFontSize;
  fontFamily: PickerFontFamily;
}

/** A colour the picker takes: `#rgb` or `#rrggbb`, trimmed and in lower case; null for anything else. */
export function pickerColor(text: unknown): string | null {
  if (typeof text !== 'string') return null;
  const color = text.trim().toLowerCase();
  return isValidThemeColor(color) ? color : null;
}

export const isPickerFontSize = (value: unknown): value is PickerFontSize =>
  (PICKER_FONT_SIZES as readonly unknown[]).includes(value);

export const isPickerFontFamily = (value: unknown): value is PickerFontFamily =>
  (PICKER_FONT_FAMILIES as readonly unknown[]).includes(value);

/** What a page set (attributes, so any text), each part the default where it is not one the picker offers. */
export function pickerValue(input: { color?: unknown; fontSize?: unknown; fontFamily?: unknown }): ColorPickerChange {
  return {
    color: pickerColor(input.color) ?? PICKER_DEFAULT_COLOR,
    fontSize: isPickerFontSize(input.fontSize) ? input.fontSize : PICKER_DEFAULT_FONT_SIZE,
    fontFamily: isPickerFontFamily(input.fontFamily) ? input.fontFamily : PICKER_DEFAULT_FONT_FAMILY,
  };
}

/** The size `steps` places up (or down) the list, held at 12 and 20 px. */
export function stepFontSize(size: PickerFontSize, steps: number): PickerFontSize {
  const index = PICKER_FONT_SIZES.indexOf(size) + steps;
  return PICKER_FONT_SIZES[Math.min(PICKER_FONT_SIZES.length - 1, Math.max(0, index))] ?? size;
}

/**
 * The value after the user changed part of it, or null when nothing changed (no change event) or the typed colour
 * is not one (the field says so; the value keeps its last colour). A size or family not offered keeps the current one.
 */
export function pickerChange(current: ColorPickerChange, patch: Partial<Record<keyof ColorPickerChange, string>>) {
  const color = patch.color === undefined ? current.color : pickerColor(patch.color);
  if (color === null) return null;
  const next: ColorPickerChange = {
    color,
    fontSize: isPickerFontSize(patch.fontSize) ? patch.fontSize : current.fontSize,
    fontFamily: isPickerFontFamily(patch.fontFamily) ? patch.fontFamily : current.fontFamily,
  };
  const same = next.color === current.color && next.fontSize === current.fontSize;
  return same && next.fontFamily === current.fontFamily ? null : next;
}

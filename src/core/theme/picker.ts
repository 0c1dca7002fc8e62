// §3 colour and font picker.

export const PICKER_DEFAULT_COLOR = '#000';
export const PICKER_FONT_SIZES = ['12px', '14px', '16px', '18px', '20px'] as const;
export const PICKER_FONT_FAMILIES = ['SimSun', 'KaiTi', 'Microsoft YaHei', 'SimHei', 'LiSu', 'STXingkai'] as const;

export type PickerFontSize = (typeof PICKER_FONT_SIZES)[number];
export type PickerFontFamily = (typeof PICKER_FONT_FAMILIES)[number];

/** The payload of the picker's change event. */
export interface ColorPickerChange {
  color: string;
  fontSize: PickerFontSize;
  fontFamily: PickerFontFamily;
}

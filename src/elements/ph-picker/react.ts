// <PhPicker> for React apps (ph-widgets/react): the element's component in a shadow root of its own.
import { inShadowRoot } from '../common/shadow-host';
import { PhPicker as Picker } from './PhPicker';

export type { ColorPickerChange as PhPickerChangeDetail } from '../../core';
export type { PhPickerProps } from './PhPicker';

/** The colour and font picker of `<ph-picker>` (spec §2, §3): `onChange` gets `{ color, fontSize, fontFamily }`. */
export const PhPicker = inShadowRoot('ph-picker', Picker);

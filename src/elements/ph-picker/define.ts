import { createElement } from 'react';
import type { ColorPickerChange } from '../../core';
import { defineElement, dispatchFrom, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import { PhPicker, type PhPickerProps } from './PhPicker';

/** What a page can set on <ph-picker>. */
type PickerElementProps = ElementProps & Pick<PhPickerProps, 'color' | 'fontSize' | 'fontFamily'>;

/** The events of <ph-picker>. */
export interface PhPickerEventMap {
  /** The user chose another colour, size or family: the whole choice, `{ color, fontSize, fontFamily }` (§3). */
  'ph-picker-change': CustomEvent<ColorPickerChange>;
}

/** <ph-picker>: PhPicker in the element's shadow root; a change is the element's event. */
function PickerElement({ container, ...props }: PickerElementProps) {
  const host = hostOf(container);
  return createElement(PhPicker, { ...props, onChange: (value) => dispatchFrom(host, 'ph-picker-change', value) });
}

/**
 * Colour and font picker (spec §2 "Other widgets", §3 change payload, §9 default #000): eight swatches, the
 * browser's colour chooser and a hex field (`#rgb` or `#rrggbb`; anything else is said to be no colour and changes
 * nothing), a font size of 12, 14, 16, 18 or 20 px and one of SimSun, KaiTi, Microsoft YaHei, SimHei, LiSu and
 * STXingkai (named in the page's language), with a sample line in the choice. Each change fires
 * `ph-picker-change` with the whole choice. Arrow keys move between the swatches and through the lists. Attributes
 * set the choice shown; a value it does not offer shows the default (#000, 14px, Microsoft YaHei).
 *
 * @summary Colour and font picker
 * @csspart picker - The picker.
 * @csspart colors - The colour group: swatches, colour chooser, hex field.
 * @csspart swatch - Each swatch.
 * @csspart custom - The browser's colour chooser.
 * @csspart hex - The hex field.
 * @csspart size - The font size list.
 * @csspart family - The font family list.
 * @csspart preview - The sample line, in the chosen colour, size and family.
 */
export const PhPickerElement = defineElement('ph-picker', PickerElement, {
  props: { color: 'string', fontSize: 'string', fontFamily: 'string' },
});
installGlobals();

declare global {
  interface GlobalEventHandlersEventMap extends PhPickerEventMap {}
  interface HTMLElementTagNameMap {
    'ph-picker': HTMLElement & Omit<PickerElementProps, 'container'>;
  }
}

import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import {
  $translate,
  addStrings,
  type ColorPickerChange,
  PICKER_FONT_FAMILIES,
  PICKER_FONT_SIZES,
  PICKER_SWATCHES,
  pickerChange,
  pickerColor,
  pickerValue,
  type Translate,
} from '../../core';
import { FontSelect } from '../common/FontSelect';
import { sharedStyles, useStyles } from '../common/styles';
import { PICKER_STRINGS } from './strings';
import styles from './styles.css';

addStrings(PICKER_STRINGS);
const PICKER_STYLES = sharedStyles(styles);

export interface PhPickerProps {
  /** The colour: `#rgb` or `#rrggbb`; #000 by default (§9), and where it is not one. */
  color?: string;
  /** 12px, 14px, 16px, 18px or 20px; 14px by default. */
  fontSize?: string;
  /** SimSun, KaiTi, Microsoft YaHei, SimHei, LiSu or STXingkai; Microsoft YaHei by default. */
  fontFamily?: string;
  /** The user changed the colour, size or family: the whole choice (§3's change payload). */
  onChange?: (value: ColorPickerChange) => void;
}

/** `#abc` as `#aabbcc`: the browser's colour input takes only the six-digit form. */
const sixDigits = (color: string) =>
  color.length === 4 ? color.replace(/[0-9a-f]/g, (digit) => digit + digit) : color;

/**
 * §2's colour and font picker: a colour (eight swatches, the browser's own colour chooser, or a typed hex value), a
 * size of 12–20 px and one of §3's six families, with a line of sample text in the choice. Every control is a native
 * one: arrow keys move between swatches and through the lists.
 */
export function PhPicker({ color, fontSize, fontFamily, onChange }: PhPickerProps) {
  useStyles(PICKER_STYLES);
  const translate = useStore($translate);
  const [value, setValue] = useState(() => pickerValue({ color, fontSize, fontFamily }));
  const [typed, setTyped] = useState(value.color);
  // What the page sets anew wins over what the user chose before it; set during the render (not in an effect, which
  // would run after a first choice made at once and undo it).
  const given = `${color} ${fontSize} ${fontFamily}`;
  const [givenBefore, setGivenBefore] = useState(given);
  if (given !== givenBefore) {
    const next = pickerValue({ color, fontSize, fontFamily });
    setGivenBefore(given);
    setValue(next);
    setTyped(next.color);
  }

  const change = (patch: Partial<Record<keyof ColorPickerChange, string>>) => {
    const next = pickerChange(value, patch);
    if (!next) return;
    setValue(next);
    if (patch.color !== undefined) setTyped(next.color);
    onChange?.(next);
  };

  return (
    <fieldset className="picker" part="picker" aria-label={translate('picker.label')}>
      <ColorFields translate={translate} color={value.color} typed={typed} setTyped={setTyped} change={change} />
      <div className="fonts">
        <FontSelect
          part="size"
          label={translate('picker.fontSize')}
          value={value.fontSize}
          choices={PICKER_FONT_SIZES}
          onChange={(fontSize) => change({ fontSize })}
        />
        <FontSelect
          part="family"
          label={translate('picker.fontFamily')}
          value={value.fontFamily}
          choices={PICKER_FONT_FAMILIES}
          name={(family) => translate(`picker.font.${family}`)}
          onChange={(fontFamily) => change({ fontFamily })}
        />
      </div>
      <p className="preview" part="preview" style={value}>
        {translate('picker.preview')}
      </p>
    </fieldset>
  );
}

interface ColorFieldsProps {
  translate: Translate;
  color: string;
  /** The hex field's text, kept while it is not a colour yet. */
  typed: string;
  setTyped: (text: string) => void;
  change: (patch: { color: string }) => void;
}

/** The swatches (one radio group), the browser's colour chooser and the hex field, which says when it holds no colour. */
function ColorFields({ translate, color, typed, setTyped, change }: ColorFieldsProps) {
  const name = useId();
  const errorId = useId();
  const invalid = pickerColor(typed) === null;
  return (
    <fieldset className="colors" part="colors">
      <legend>{translate('picker.color')}</legend>
      <div className="swatches">
        {PICKER_SWATCHES.map((swatch) => (
          <label key={swatch} className="swatch-choice" title={translate(`picker.swatch.${swatch}`)}>
            <input
              type="radio"
              name={name}
              value={swatch}
              checked={color === swatch}
              aria-label={translate(`picker.swatch.${swatch}`)}
              onChange={() => change({ color: swatch })}
            />
            <span className="swatch" part="swatch" style={{ background: swatch }} aria-hidden="true" />
          </label>
        ))}
      </div>
      <div className="custom">
        <input
          type="color"
          part="custom"
          aria-label={translate('picker.custom')}
          value={sixDigits(color)}
          onChange={(event) => change({ color: event.target.value })}
        />
        <input
          className="hex"
          part="hex"
          aria-label={translate('picker.hex')}
          value={typed}
          maxLength={7}
          spellCheck={false}
          aria-invalid={invalid}
          aria-describedby={invalid ? errorId : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            change({ color: event.target.value });
          }}
        />
      </div>
      {invalid ? (
        <span id={errorId} className="error" role="alert">
          {translate('picker.hexInvalid')}
        </span>
      ) : null}
    </fieldset>
  );
}

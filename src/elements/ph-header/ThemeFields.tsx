import type { CSSProperties } from 'react';
import {
  COLOR_THEMES,
  DEFAULT_THEME_NAME,
  PICKER_FONT_FAMILIES,
  PICKER_FONT_SIZES,
  PICTURE_THEMES,
  type Translate,
  themeSwatchColor,
} from '../../core';
import { FontSelect } from '../common/FontSelect';
import type { ThemeForm } from './use-theme-form';

// The theme dialog's fields, in their order: the themes with their swatches and the custom colour, the font size and
// family, the layout (fixed for the picture themes). What they hold is use-theme-form.ts'.

const THEMES = [DEFAULT_THEME_NAME, ...PICTURE_THEMES, ...COLOR_THEMES];

/** A theme's colour beside its name; a custom colour shows the one typed, or a spectrum while there is none. */
function swatchStyle(theme: string, custom: string): CSSProperties {
  return {
    background:
      themeSwatchColor(theme, custom) ?? 'conic-gradient(#c94a4a, #e8c547, #2f9e6e, #3a8fd9, #8e5bd6, #c94a4a)',
  };
}

export interface ThemeFieldProps {
  translate: Translate;
  form: ThemeForm;
}

/** The themes, and for a custom one the hex colour (starting with #), with its error while it is not one. */
export function ThemeColors({ translate, form: { choice, set, errorId } }: ThemeFieldProps) {
  const { name, custom, chosen } = choice;
  return (
    <>
      <fieldset className="themes">
        <legend>{translate('header.themeColor')}</legend>
        {THEMES.map((theme) => (
          <label key={theme} className="theme-choice">
            <input type="radio" name="theme" value={theme} checked={name === theme} onChange={() => set.name(theme)} />
            <span className="swatch" aria-hidden="true" style={swatchStyle(theme, custom)} />
            <span>{translate(`header.theme.${theme}`)}</span>
          </label>
        ))}
      </fieldset>
      {name === 'custom' ? (
        <label className="field">
          <span>{translate('header.customColor')}</span>
          <input
            value={custom}
            maxLength={7}
            aria-invalid={chosen === null}
            aria-describedby={chosen === null ? errorId : undefined}
            onChange={(event) => set.custom(event.target.value)}
          />
          {chosen === null ? (
            <span id={errorId} className="error" role="alert">
              {translate('header.customColorInvalid')}
            </span>
          ) : null}
        </label>
      ) : null}
    </>
  );
}

/** Font size and family; empty keeps the page's own. */
export function FontRow({ translate, form: { choice, set } }: ThemeFieldProps) {
  return (
    <div className="row">
      <FontSelect
        label={translate('header.fontSize')}
        value={choice.fontSize}
        choices={PICKER_FONT_SIZES}
        unset={translate('header.fontDefault')}
        onChange={set.fontSize}
      />
      <FontSelect
        label={translate('header.fontFamily')}
        value={choice.fontFamily}
        choices={PICKER_FONT_FAMILIES}
        name={(family) => translate(`header.font.${family}`)}
        unset={translate('header.fontDefault')}
        onChange={set.fontFamily}
      />
    </div>
  );
}

/** Top or left layout; a picture theme fixes it to top. */
export function LayoutChoice({ translate, form: { choice, set } }: ThemeFieldProps) {
  const { layout, layoutFixed } = choice;
  return (
    <fieldset className="layouts" disabled={layoutFixed}>
      <legend>{translate('header.layout')}</legend>
      {(['top', 'left'] as const).map((value) => (
        <label key={value}>
          <input
            type="radio"
            name="layout"
            checked={(layoutFixed ? 'top' : layout) === value}
            onChange={() => set.layout(value)}
          />
          <span>{translate(value === 'top' ? 'header.layoutTop' : 'header.layoutLeft')}</span>
        </label>
      ))}
      {layoutFixed ? <p className="hint">{translate('header.layoutLocked')}</p> : null}
    </fieldset>
  );
}

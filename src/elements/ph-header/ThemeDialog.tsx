import { useStore } from '@nanostores/react';
import { type CSSProperties, useEffect, useId, useState } from 'react';
import {
  $session,
  $translate,
  type AppliedTheme,
  COLOR_THEMES,
  canSwitchLayout,
  customTheme,
  DEFAULT_THEME_COLOR,
  DEFAULT_THEME_NAME,
  defaultClient,
  displayPrefsOf,
  type Layout,
  PICKER_FONT_FAMILIES,
  PICKER_FONT_SIZES,
  PICTURE_THEMES,
  type PickerFontFamily,
  type PickerFontSize,
  parseTheme,
  saveTheme,
  type ThemeConfirmChoice,
  themeCalls,
  themeSaveStep,
  themeSwatchColor,
  themeValue,
} from '../../core';
import { useLatest } from '../common/use-latest';
import { PhModal } from '../ph-modal/PhModal';

export const THEME_DIALOG_WIDTH = '680px';
const THEMES = [DEFAULT_THEME_NAME, ...PICTURE_THEMES, ...COLOR_THEMES];

/** A theme's colour beside its name; a custom colour shows the one typed, or a spectrum while there is none. */
function swatchStyle(theme: string, custom: string): CSSProperties {
  return {
    background:
      themeSwatchColor(theme, custom) ?? 'conic-gradient(#c94a4a, #e8c547, #2f9e6e, #3a8fd9, #8e5bd6, #c94a4a)',
  };
}

export interface ThemeDialogProps {
  open: boolean;
  isAdmin: boolean;
  onClose: () => void;
  onApplied: (applied: AppliedTheme) => void;
}

/**
 * §2 theme and layout dialog: the theme (a custom one is a hex colour starting with #), font size and family, top
 * or left layout (fixed for the picture themes). An admin chooses between cancel, sync to all users and save.
 */
export function ThemeDialog({ open, isAdmin, onClose, onApplied }: ThemeDialogProps) {
  const translate = useStore($translate);
  const session = useStore($session);
  const [name, setName] = useState<string>(DEFAULT_THEME_NAME);
  const [custom, setCustom] = useState(DEFAULT_THEME_COLOR);
  const [fontSize, setFontSize] = useState<PickerFontSize | ''>('');
  const [fontFamily, setFontFamily] = useState<PickerFontFamily | ''>('');
  const [layout, setLayout] = useState<Layout>('top');
  const [busy, setBusy] = useState(false);
  const errorId = useId();

  // Read once when the dialog opens: a session change while it is open (the stored theme arriving late) must not
  // undo the user's choice.
  const sessionAtOpen = useLatest(session);
  useEffect(() => {
    if (!open) return;
    const { theme, userId, currentLayout } = sessionAtOpen.current;
    const current = parseTheme(theme);
    setName(current.kind === 'custom' ? 'custom' : themeValue(current));
    if (current.kind === 'custom') setCustom(current.color);
    const prefs = displayPrefsOf(userId);
    setFontSize(prefs.fontSize ?? '');
    setFontFamily(prefs.fontFamily ?? '');
    setLayout(currentLayout);
  }, [open, sessionAtOpen]);

  const chosen = name === 'custom' ? customTheme(custom.trim()) : parseTheme(name);
  const layoutFixed = chosen !== null && !canSwitchLayout(chosen);

  const save = async (choice: ThemeConfirmChoice) => {
    if (!chosen || busy) return;
    setBusy(true);
    try {
      const font = { ...(fontSize ? { fontSize } : {}), ...(fontFamily ? { fontFamily } : {}) };
      const applied = await saveTheme({ theme: chosen, font, layout: layoutFixed ? 'top' : layout }, choice, {
        calls: themeCalls(defaultClient()),
        userId: session.userId,
      });
      if (applied) onApplied(applied);
      onClose();
    } catch {
      // The request client has shown why; the dialog stays open with the choice.
    } finally {
      setBusy(false);
    }
  };

  const footer = (
    <>
      <button type="button" className="ph-button" onClick={onClose}>
        {translate('header.cancel')}
      </button>
      {themeSaveStep(isAdmin) === 'confirm' ? (
        <button type="button" className="ph-button" disabled={!chosen || busy} onClick={() => void save('sync')}>
          {translate('header.syncAll')}
        </button>
      ) : null}
      <button type="button" className="ph-button primary" disabled={!chosen || busy} onClick={() => void save('save')}>
        {translate('header.save')}
      </button>
    </>
  );

  return (
    <PhModal
      inline
      open={open}
      heading={translate('header.theme')}
      width={THEME_DIALOG_WIDTH}
      onRequestClose={onClose}
      footer={footer}
    >
      <fieldset className="themes">
        <legend>{translate('header.themeColor')}</legend>
        {THEMES.map((theme) => (
          <label key={theme} className="theme-choice">
            <input type="radio" name="theme" value={theme} checked={name === theme} onChange={() => setName(theme)} />
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
            onChange={(event) => setCustom(event.target.value)}
          />
          {chosen === null ? (
            <span id={errorId} className="error" role="alert">
              {translate('header.customColorInvalid')}
            </span>
          ) : null}
        </label>
      ) : null}
      <div className="row">
        <label className="field">
          <span>{translate('header.fontSize')}</span>
          <select value={fontSize} onChange={(event) => setFontSize(event.target.value as PickerFontSize)}>
            <option value="">{translate('header.fontDefault')}</option>
            {PICKER_FONT_SIZES.map((size) => (
              <option key={size}>{size}</option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>{translate('header.fontFamily')}</span>
          <select value={fontFamily} onChange={(event) => setFontFamily(event.target.value as PickerFontFamily)}>
            <option value="">{translate('header.fontDefault')}</option>
            {PICKER_FONT_FAMILIES.map((family) => (
              <option key={family} value={family}>
                {translate(`header.font.${family}`)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <fieldset className="layouts" disabled={layoutFixed}>
        <legend>{translate('header.layout')}</legend>
        {(['top', 'left'] as const).map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="layout"
              checked={(layoutFixed ? 'top' : layout) === value}
              onChange={() => setLayout(value)}
            />
            <span>{translate(value === 'top' ? 'header.layoutTop' : 'header.layoutLeft')}</span>
          </label>
        ))}
        {layoutFixed ? <p className="hint">{translate('header.layoutLocked')}</p> : null}
      </fieldset>
    </PhModal>
  );
}

import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import {
  $session,
  type AppliedTheme,
  canSwitchLayout,
  customTheme,
  DEFAULT_THEME_COLOR,
  DEFAULT_THEME_NAME,
  defaultClient,
  displayPrefsOf,
  type Layout,
  type PickerFontFamily,
  type PickerFontSize,
  parseTheme,
  saveTheme,
  type ThemeConfirmChoice,
  themeCalls,
  themeValue,
} from '../../core';
import { useLatest } from '../common/use-latest';

// What the theme dialog holds: the choice (theme or custom colour, font size and family, layout), read from the
// session and the user's display preferences when it opens, and saving it (core's saveTheme). The fields are
// ThemeFields.tsx'.

/** Opens with the user's current choice; `save` applies and stores it, then closes. */
export function useThemeForm(open: boolean, onApplied: (applied: AppliedTheme) => void, onClose: () => void) {
  const session = useStore($session);
  const [name, setName] = useState<string>(DEFAULT_THEME_NAME);
  const [custom, setCustom] = useState(DEFAULT_THEME_COLOR);
  const [fontSize, setFontSize] = useState<PickerFontSize | ''>('');
  const [fontFamily, setFontFamily] = useState<PickerFontFamily | ''>('');
  const [layout, setLayout] = useState<Layout>('top');
  const [busy, setBusy] = useState(false);
  /** The custom colour's error message. */
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

  const choice = { name, custom, fontSize, fontFamily, layout, chosen, layoutFixed };
  const set = { name: setName, custom: setCustom, fontSize: setFontSize, fontFamily: setFontFamily, layout: setLayout };
  return { choice, set, busy, errorId, save };
}

export type ThemeForm = ReturnType<typeof useThemeForm>;

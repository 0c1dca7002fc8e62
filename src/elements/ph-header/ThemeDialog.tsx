import { useStore } from '@nanostores/react';
import { $translate, type AppliedTheme, themeSaveStep } from '../../core';
import { PhModal } from '../ph-modal/PhModal';
import { FontRow, LayoutChoice, ThemeColors } from './ThemeFields';
import { useThemeForm } from './use-theme-form';

export const THEME_DIALOG_WIDTH = '680px';

export interface ThemeDialogProps {
  open: boolean;
  isAdmin: boolean;
  onClose: () => void;
  onApplied: (applied: AppliedTheme) => void;
}

/**
 * §2 theme and layout dialog: the theme (a custom one is a hex colour starting with #), font size and family, top
 * or left layout (fixed for the picture themes). An admin chooses between cancel, sync to all users and save. What is
 * chosen and saving it are use-theme-form.ts', the fields ThemeFields.tsx'.
 */
export function ThemeDialog({ open, isAdmin, onClose, onApplied }: ThemeDialogProps) {
  const translate = useStore($translate);
  const form = useThemeForm(open, onApplied, onClose);
  const { chosen } = form.choice;
  const { busy, save } = form;

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
      platformDialog
      inline
      open={open}
      heading={translate('header.theme')}
      width={THEME_DIALOG_WIDTH}
      onRequestClose={onClose}
      footer={footer}
    >
      <ThemeColors translate={translate} form={form} />
      <FontRow translate={translate} form={form} />
      <LayoutChoice translate={translate} form={form} />
    </PhModal>
  );
}

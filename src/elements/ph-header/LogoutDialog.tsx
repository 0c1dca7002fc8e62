import { useStore } from '@nanostores/react';
import { $config, $translate } from '../../core';
import { PhModal } from '../ph-modal/PhModal';

export interface LogoutDialogProps {
  open: boolean;
  onClose: () => void;
  signOut: (toLoginOnly: boolean) => Promise<void>;
}

/**
 * §2 sign-out confirmation: 您确认要退出吗？ with cancel and OK; a development page also offers to sign in as someone
 * else (the bare login page).
 */
export function LogoutDialog({ open, onClose, signOut }: LogoutDialogProps) {
  const translate = useStore($translate);
  const config = useStore($config);
  return (
    <PhModal
      platformDialog
      inline
      open={open}
      heading={translate('header.confirmTitle')}
      width="400px"
      onRequestClose={onClose}
      footer={
        <>
          {config?.env === 'development' ? (
            <button type="button" className="ph-button" onClick={() => void signOut(true)}>
              {translate('header.switchAccount')}
            </button>
          ) : null}
          <button type="button" className="ph-button" onClick={onClose}>
            {translate('header.cancel')}
          </button>
          <button type="button" className="ph-button primary" onClick={() => void signOut(false)}>
            {translate('header.ok')}
          </button>
        </>
      }
    >
      <p>{translate('header.logoutQuestion')}</p>
    </PhModal>
  );
}

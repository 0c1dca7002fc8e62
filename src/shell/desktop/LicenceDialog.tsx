import { useStore } from '@nanostores/react';
import { $translate } from '../../core';
import { PhModal } from '../../elements/ph-modal/PhModal';

/** §2, §8: the licence-expired dialog blocks — no close button, Escape or backdrop closes it. */
export function LicenceDialog({ open }: { open: boolean }) {
  const translate = useStore($translate);
  return (
    <PhModal
      open={open}
      width="400px"
      heading={translate('shell.licenceTitle')}
      noEscapeClose
      noBackdropClose
      onRequestClose={() => false}
    >
      <p role="alert">{translate('shell.licenceExpired')}</p>
    </PhModal>
  );
}

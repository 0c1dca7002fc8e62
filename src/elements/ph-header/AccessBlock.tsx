import { useStore } from '@nanostores/react';
import { $language, $translate, appTargetOf, getLocation, logoutShown, type Refusal, refusalText } from '../../core';
import { PhModal } from '../ph-modal/PhModal';

export interface AccessBlockProps {
  /** Why the gate refused this page (src/core/access); null: the block is closed. */
  refusal: Refusal | null;
  /** The unit whose administrator to ask, in the page language. */
  unitName: string;
  /** A desktop client: no sign-out here, as in the bar. */
  desktopClient: boolean;
  toDesktop: () => void;
  signOut: (toLoginOnly: boolean) => Promise<void>;
}

/**
 * A module page the gate every door passes refused (its licence ended, a teachers' page, not the user's app) is
 * blocked by a dialog that cannot be closed: why, and whom to ask. It carries the ways out itself: sign out wherever
 * the bar has it, and back to the desktop from a module page (the desktop may be fine where one app is not).
 */
export function AccessBlock({ refusal, unitName, desktopClient, ...ways }: AccessBlockProps) {
  const translate = useStore($translate);
  const language = useStore($language);
  const canSignOut = logoutShown({ desktopClient, userAgent: navigator.userAgent });
  const onModulePage = appTargetOf(getLocation().href()) !== null;
  return (
    <PhModal
      platformDialog
      inline
      open={refusal !== null}
      heading={translate('header.noticeTitle')}
      width="400px"
      noEscapeClose
      noBackdropClose
      noDrag
      noCloseButton
      showFooter={canSignOut || onModulePage}
      footer={
        <>
          {onModulePage ? (
            <button type="button" className="ph-button" part="licence-desktop" onClick={ways.toDesktop}>
              {translate('header.desktop')}
            </button>
          ) : null}
          {canSignOut ? (
            <button
              type="button"
              className="ph-button primary"
              part="licence-logout"
              onClick={() => void ways.signOut(false)}
            >
              {translate('header.logout')}
            </button>
          ) : null}
        </>
      }
    >
      <p className="licence" part="licence" role="alert">
        {refusal ? refusalText(refusal, translate, language) : ''}
      </p>
      <p part="licence-contact">
        {translate(
          refusal?.reason === 'expired' || refusal?.reason === 'unitExpired'
            ? 'header.licenceContact'
            : 'header.refusalContact',
          {
            unit: unitName,
          },
        )}
      </p>
    </PhModal>
  );
}

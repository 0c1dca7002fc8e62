import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $language, $session, $translate, authDeps, logout } from '../../core';
import { PhModal } from '../../elements/ph-modal/PhModal';

export interface HeaderRegionProps {
  /** The page's title (school or area desktop). */
  title: string;
}

/**
 * The shell's header region: the one place where `ph-header` (issue 9) drops in as a React component, replacing
 * this minimal bar (unit, who is signed in, sign-out with the §2 confirmation). Header features — messages, theme
 * and layout menu, language dropdown, child selector — belong to ph-header, not here.
 */
export function HeaderRegion({ title }: HeaderRegionProps) {
  const translate = useStore($translate);
  const language = useStore($language);
  const session = useStore($session);
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const unit = language === 'en' && session.unitEnName ? session.unitEnName : session.unitName;
  const typeKey = `page.userType.${Number(session.userType)}`;
  const typeName = translate(typeKey) === typeKey ? String(session.userType) : translate(typeKey);

  const signOut = async () => {
    setLeaving(true);
    try {
      await logout(authDeps());
    } finally {
      window.location.assign('/login');
    }
  };

  return (
    <header className="shell-header">
      <span className="shell-unit">
        <span id="unit-name">{unit}</span>
        <span className="shell-title">{title}</span>
      </span>
      <span className="shell-who">
        <span>
          {translate('page.landing.welcome')} <span id="welcome-name">{session.realName}</span>
        </span>
        <span id="user-type" className="shell-muted">
          {typeName}
        </span>
        <button id="logout" type="button" onClick={() => setConfirming(true)}>
          {translate('page.landing.logout')}
        </button>
      </span>
      <PhModal
        open={confirming}
        width="400px"
        heading={translate('page.landing.logoutTitle')}
        onRequestClose={() => (leaving ? false : setConfirming(false))}
        footer={
          <>
            <button type="button" disabled={leaving} onClick={() => setConfirming(false)}>
              {translate('page.landing.cancel')}
            </button>
            <button type="button" className="primary" disabled={leaving} aria-busy={leaving} onClick={signOut}>
              {translate('page.landing.ok')}
            </button>
          </>
        }
      >
        <p>{translate('page.landing.logoutQuestion')}</p>
      </PhModal>
    </header>
  );
}

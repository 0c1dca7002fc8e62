import { useStore } from '@nanostores/react';
import { type ReactNode, useEffect, useState } from 'react';
import {
  $hongKong,
  $language,
  $session,
  $translate,
  defaultClient,
  type FooterContent,
  type Language,
  loadUnitSettings,
  type UnitSettings as Settings,
  splitBilingual,
  unitNameIn,
} from '../core';
import { FaceLoginSetting } from './FaceLoginSetting';

type Translate = (key: string) => string;

/** One fact: its name and its value, '未设置' when empty. Values are data, so they render as text. */
function Fact({ name, children, translate }: { name: string; children: ReactNode; translate: Translate }) {
  return (
    <>
      <dt>{name}</dt>
      <dd>{children === '' || children === null ? translate('unit.none') : children}</dd>
    </>
  );
}

/** The login page's footer as the unit configured it (§3 unit_config), its texts in Hong Kong forms for zh-HK. */
function LoginPageFacts({
  footer,
  translate,
  language,
}: {
  footer: FooterContent;
  translate: Translate;
  language: Language;
}) {
  return (
    <dl className="unit-facts">
      <Fact name={translate('unit.copyright')} translate={translate}>
        {splitBilingual(footer.copyright, language)}
      </Fact>
      <Fact name={translate('unit.link')} translate={translate}>
        {footer.link}
      </Fact>
      <Fact name={translate('unit.helpCenter')} translate={translate}>
        {footer.helpCenter}
      </Fact>
      <Fact name={translate('unit.filings')} translate={translate}>
        {footer.filings.length ? (
          <ul className="unit-filings">
            {footer.filings.map((filing) => (
              <li key={filing.baContent}>{splitBilingual(filing.baContent, language)}</li>
            ))}
          </ul>
        ) : (
          ''
        )}
      </Fact>
    </dl>
  );
}

/**
 * The admin's "Unit settings" (/desktop/unit, issue 56): the unit's name, logo, licence and login-page footer, read
 * only — §7 has no call that changes them, so the page says whom to ask rather than offering controls that cannot save
 * — and face sign-in, which the unit's admin turns on or off here (issue 67, FaceLoginSetting.tsx).
 */
export function UnitSettings({ title }: { title: string }) {
  const translate = useStore($translate);
  const language = useStore($language);
  const session = useStore($session);
  const [settings, setSettings] = useState<Settings | null>(null);
  useEffect(() => {
    let live = true;
    void loadUnitSettings(session.unitId, defaultClient()).then((read) => live && setSettings(read));
    return () => {
      live = false;
    };
  }, [session.unitId]);
  // In Hong Kong forms for zh-HK once the converter has loaded, as in the header (issue 56).
  useStore($hongKong);
  const name = unitNameIn(session, language);
  const licence = settings?.licence;
  return (
    <section className="route-page unit-settings" aria-labelledby="route-title">
      <h1 id="route-title">{title}</h1>
      <p>{translate('unit.readOnly')}</p>
      {settings ? (
        <>
          <dl className="unit-facts">
            <Fact name={translate('unit.name')} translate={translate}>
              {name}
            </Fact>
            <Fact name={translate('unit.logo')} translate={translate}>
              <img className="unit-logo" src={settings.logo} alt={name} width="48" height="48" />
            </Fact>
            <Fact name={translate('unit.licenceEnd')} translate={translate}>
              {licence
                ? `${licence.endTime} · ${translate(licence.expired ? 'shell.mark.expired' : 'unit.licenceActive')}`
                : translate('unit.unreadable')}
            </Fact>
          </dl>
          <h2>{translate('unit.loginPage')}</h2>
          {settings.loginPage ? (
            <LoginPageFacts footer={settings.loginPage} translate={translate} language={language} />
          ) : (
            <p>{translate('unit.unreadable')}</p>
          )}
          <h2>{translate('unit.signIn')}</h2>
          {settings.faceLogin === null ? (
            <p>{translate('unit.unreadable')}</p>
          ) : (
            <FaceLoginSetting initial={settings.faceLogin} translate={translate} />
          )}
        </>
      ) : (
        <p role="status">{translate('shell.loading')}</p>
      )}
    </section>
  );
}

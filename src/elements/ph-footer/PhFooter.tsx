import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $config,
  $hongKong,
  $language,
  $translate,
  addStrings,
  defaultClient,
  loadVersionHistory,
  loadVersionInfo,
  splitBilingual,
  type VersionHistoryEntry,
  type VersionInfo,
  versionNote,
} from '../../core';
import { useSettledMark } from '../common/settled-mark';
import { sharedStyles, useStyles } from '../common/styles';
import { PhModal } from '../ph-modal/PhModal';
import { FOOTER_STRINGS } from './strings';
import styles from './styles.css';
import { useFooterContent } from './use-footer';

addStrings(FOOTER_STRINGS);
const FOOTER_STYLES = sharedStyles(styles);

export const ABOUT_DIALOG_WIDTH = '650px';

export interface PhFooterProps {
  /** The unit whose footer to show; the signed-in user's unit by default (the login page names it). */
  unitId?: string;
  /** Skip the §4 version check of the page's micro-service. */
  noVersionCheck?: boolean;
  /** The version shown in the about dialog (the widgets' own by default). */
  widgetsVersion?: string;
}

const VERSION_FIELDS = ['name', 'appVersion', 'serverVersion', 'packageDate', 'webCodeVersion', 'date'] as const;

/** The page footer of spec §2: copyright, link, filing entries, help center, version info and about. */
export function PhFooter(props: PhFooterProps) {
  useStyles(FOOTER_STYLES);
  const translate = useStore($translate);
  const { content, help } = useFooterContent(props.unitId, props.noVersionCheck);
  // The unit's texts as it stored them, in Simplified: zh-HK shows them in Hong Kong forms (issue 56).
  const language = useStore($language);
  useStore($hongKong);
  const copyright = content?.copyright ? splitBilingual(content.copyright, language) : '';
  // The unit's footer has answered (or failed, which reads as none): the footer has the height it keeps.
  const settledRef = useSettledMark(content !== null);
  const [dialog, setDialog] = useState<'version' | 'about' | null>(null);

  // The dialogs sit beside the footer, not inside it: they do not inherit its small centred text.
  return (
    <>
      <footer ref={settledRef} className="footer" part="footer">
        {copyright ? (
          <span className="copyright" part="copyright">
            {content?.link ? (
              <a href={content.link} target="_blank" rel="noopener noreferrer">
                {copyright}
              </a>
            ) : (
              copyright
            )}
          </span>
        ) : null}
        {content?.filings.map((entry) => (
          <a
            key={entry.baContent}
            className="filing"
            part="filing"
            href={entry.baUrl || undefined}
            target="_blank"
            rel="noopener noreferrer"
          >
            {entry.showImg && entry.baImg ? <img src={entry.baImg} alt="" width="16" height="16" /> : null}
            {splitBilingual(entry.baContent, language)}
          </a>
        ))}
        {help ? (
          <a className="link" part="help" href={help} target="_blank" rel="noopener">
            {translate('footer.help')}
          </a>
        ) : null}
        <button type="button" className="link" part="version" onClick={() => setDialog('version')}>
          {translate('footer.version')}
        </button>
        <button type="button" className="link" part="about" onClick={() => setDialog('about')}>
          {translate('footer.about')}
        </button>
      </footer>
      <VersionDialog open={dialog === 'version'} onClose={() => setDialog(null)} />
      <PhModal
        platformDialog
        inline
        open={dialog === 'about'}
        heading={translate('footer.about')}
        width={ABOUT_DIALOG_WIDTH}
        onRequestClose={() => setDialog(null)}
      >
        <p>{copyright}</p>
        <p>
          {translate('footer.widgets')}: {props.widgetsVersion}
        </p>
      </PhModal>
    </>
  );
}

/** §3 version info of the page's micro-service and its history, notes in the current language. */
function VersionDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const translate = useStore($translate);
  const language = useStore($language);
  // Server text re-renders in Hong Kong forms once zh-HK's converter has loaded.
  useStore($hongKong);
  const config = useStore($config);
  const [info, setInfo] = useState<VersionInfo | null>(null);
  const [history, setHistory] = useState<VersionHistoryEntry[]>([]);

  useEffect(() => {
    if (!open || !config) return;
    let live = true;
    const http = defaultClient();
    void loadVersionInfo(config.appCode, http).then((value) => live && setInfo(value));
    void loadVersionHistory(config.rootPath, config.appCode, http).then((value) => live && setHistory(value));
    return () => {
      live = false;
    };
  }, [open, config]);

  return (
    <PhModal
      platformDialog
      inline
      open={open}
      heading={translate('footer.version')}
      width="560px"
      onRequestClose={onClose}
    >
      {info ? (
        <dl className="facts" part="version-info">
          {VERSION_FIELDS.map((field) => (
            <div key={field}>
              <dt>{translate(`footer.${field}`)}</dt>
              <dd>{field === 'name' ? splitBilingual(info.name, language) : info[field]}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <p>{translate('footer.noVersionInfo')}</p>
      )}
      {history.length > 0 ? (
        <table className="table" part="history">
          <caption>{translate('footer.history')}</caption>
          <thead>
            <tr>
              <th scope="col">{translate('footer.historyVersion')}</th>
              <th scope="col">{translate('footer.date')}</th>
              <th scope="col">{translate('footer.historyNote')}</th>
            </tr>
          </thead>
          <tbody>
            {history.map((entry) => (
              <tr key={entry.version}>
                <td>{entry.version}</td>
                <td>{entry.date}</td>
                <td>{versionNote(entry, language)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </PhModal>
  );
}

import { useStore } from '@nanostores/react';
import { useRef } from 'react';
import { $config, $hongKong, $language, $session, $translate, addStrings, unitNameIn } from '../../core';
import { useSettledMark } from '../common/settled-mark';
import { sharedStyles, useStyles } from '../common/styles';
import { useLatest } from '../common/use-latest';
import { AccessBlock } from './AccessBlock';
import { HeaderBar, useViewportWidth } from './HeaderBar';
import { HeaderDialogs } from './HeaderDialogs';
import { goToDesktop, signOut } from './leave';
import type { PhHeaderProps } from './props';
import { ReminderPanel } from './ReminderPanel';
import { HEADER_STRINGS } from './strings';
import styles from './styles.css';
import { useHeader } from './use-header';
import { useHeaderActions } from './use-header-actions';
import { useHeaderDialogs } from './use-header-dialogs';

export type { MessageOpenDetail, PhHeaderProps } from './props';

addStrings(HEADER_STRINGS);
const HEADER_STYLES = sharedStyles(styles);

/**
 * The page header of spec §2: unit, welcome, messages, reminders and the user's controls. It holds the header's state
 * (use-header.ts: the live parts; use-header-dialogs.ts: which dialog is open; use-header-actions.tsx: the actions)
 * and lays out the bar, the reminder panel, the dialogs and the access block, each a file of its own.
 */
export function PhHeader(props: PhHeaderProps) {
  useStyles(HEADER_STYLES);
  const translate = useStore($translate);
  const language = useStore($language);
  // Server text re-renders in Hong Kong forms once zh-HK's converter has loaded.
  useStore($hongKong);
  const session = useStore($session);
  const config = useStore($config);
  const latest = useLatest(props);
  const leaving = useRef(false);
  const desktopClient = Boolean(props.desktopClient || config?.desktopClient);
  const header = useHeader(!props.noRedirect, leaving, desktopClient);
  const settledRef = useSettledMark(header.settled);
  const counts = useStore(header.model.counter.$counts);
  const width = useViewportWidth();
  const dialogs = useHeaderDialogs(header, session, translate, latest);
  const toDesktop = () => goToDesktop(latest.current, config, session);
  const leave = (toLoginOnly: boolean) => signOut(leaving, toLoginOnly);
  const actions = useHeaderActions({
    translate,
    language,
    session,
    config,
    header,
    counts,
    latest,
    leaving,
    desktopClient,
    noLanguage: Boolean(props.noLanguage),
    openDialog: dialogs.setDialog,
    toDesktop,
  });

  if (!header.signedIn) return null;
  const unitName = unitNameIn(session, language);
  return (
    <>
      <HeaderBar
        barRef={settledRef}
        header={header}
        unitName={unitName}
        actions={actions}
        width={width}
        maxIcons={props.maxIcons}
        end={props.end}
      />
      {/* A page the gate refused is blocked: nothing of it, the reminders included, shows above the block. */}
      {header.refusal ? null : <ReminderPanel panel={header.model.reminders} onOpen={dialogs.openReminder} />}
      <HeaderDialogs header={header} dialogs={dialogs} latest={latest} signOut={leave} />
      <AccessBlock
        refusal={header.refusal}
        unitName={unitName}
        desktopClient={desktopClient}
        toDesktop={toDesktop}
        signOut={leave}
      />
    </>
  );
}

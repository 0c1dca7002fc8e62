import { useStore } from '@nanostores/react';
import { $session, chooseChild, defaultClient, rememberChild } from '../../core';
import { ChildDialog } from './ChildDialog';
import { DownloadDialog } from './DownloadDialog';
import { LogoutDialog } from './LogoutDialog';
import { ExpiryDialog, MessageDialog } from './MessageDialog';
import type { LatestProps } from './props';
import { ThemeDialog } from './ThemeDialog';
import type { HeaderState } from './use-header';
import type { DialogState } from './use-header-dialogs';

export interface HeaderDialogsProps {
  header: HeaderState;
  dialogs: DialogState;
  latest: LatestProps;
  signOut: (toLoginOnly: boolean) => Promise<void>;
}

/**
 * The dialogs the bar's actions and the messages open, in their order under the bar: messages, module expiry, child
 * selector, theme, sign out, download. Which is open is use-header-dialogs'; each dialog's content is its own file's.
 */
export function HeaderDialogs({ header, dialogs, latest, signOut }: HeaderDialogsProps) {
  const session = useStore($session);
  const { dialog, setDialog, expiry, setExpiry, openMessage } = dialogs;
  return (
    <>
      <MessageDialog
        open={dialog === 'messages'}
        inbox={header.model.inbox}
        onClose={() => setDialog(null)}
        onViewed={openMessage}
      />
      <ExpiryDialog modules={expiry} onClose={() => setExpiry(null)} />
      <ChildDialog
        open={dialog === 'children'}
        onClose={() => {
          if (session.currentChirden) rememberChild(session.userId, session.currentChirden.id);
          setDialog(null);
        }}
        onEnter={async (child) => {
          try {
            await chooseChild(child.id, defaultClient());
          } catch {
            return;
          }
          setDialog(null);
          latest.current.onChildChange?.(child);
        }}
      />
      <ThemeDialog
        open={dialog === 'theme'}
        isAdmin={header.isAdmin}
        onClose={() => setDialog(null)}
        onApplied={(applied) => latest.current.onThemeChange?.(applied)}
      />
      <LogoutDialog open={dialog === 'logout'} onClose={() => setDialog(null)} signOut={signOut} />
      <DownloadDialog open={dialog === 'download'} onClose={() => setDialog(null)} />
    </>
  );
}

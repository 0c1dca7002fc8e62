import { useStore } from '@nanostores/react';
import { type Dispatch, type SetStateAction, useEffect, useRef, useState } from 'react';
import {
  $messageListRequests,
  childSelectorOpensItself,
  type ExpiryModule,
  followThroughGate,
  type MessageAction,
  messageUrl,
  notify,
  type SessionState,
  type Translate,
} from '../../core';
import type { LatestProps, MessageOpenDetail } from './props';
import type { HeaderState } from './use-header';

// Which of the header's dialogs is open, and what opens one: a button of the bar, the child selector by itself, an
// ask for the message list from outside, a viewed message or reminder (its link, or the module-expiry list).

export type HeaderDialog = 'messages' | 'children' | 'theme' | 'logout' | 'download' | null;

export interface DialogState {
  dialog: HeaderDialog;
  setDialog: Dispatch<SetStateAction<HeaderDialog>>;
  /** The module-expiry list a message opened; null while closed. */
  expiry: ExpiryModule[] | null;
  setExpiry: Dispatch<SetStateAction<ExpiryModule[] | null>>;
  /** A message or reminder was viewed: what its action opens, unless the page's listener keeps the page. */
  openMessage: (id: string, action: MessageAction) => void;
  /** A reminder was viewed: its url, made a page of this site, opens as a message's would. */
  openReminder: (id: string, url: string) => void;
}

export function useHeaderDialogs(
  header: HeaderState,
  session: SessionState,
  translate: Translate,
  latest: LatestProps,
): DialogState {
  const { signedIn } = header;
  const [dialog, setDialog] = useState<HeaderDialog>(null);
  const [expiry, setExpiry] = useState<ExpiryModule[] | null>(null);

  useEffect(() => {
    if (signedIn && childSelectorOpensItself(session)) setDialog((open) => open ?? 'children');
  }, [signedIn, session]);

  // The message list asked for from outside (the voice skill, the shell's `#/messages` route); earlier asks are not
  // this header's.
  const listRequests = useStore($messageListRequests);
  const listRequestsAtMount = useRef(listRequests);
  useEffect(() => {
    if (listRequests !== listRequestsAtMount.current) setDialog('messages');
  }, [listRequests]);

  const openMessage = (id: string, action: MessageAction) => {
    if (action.kind === 'none') return;
    if (action.kind === 'refused') {
      notify('warning', translate('header.linkRefused'));
      return;
    }
    const detail: MessageOpenDetail =
      action.kind === 'url' ? { id, kind: action.kind, url: action.url } : { id, kind: action.kind };
    if (latest.current.onMessageOpen?.(detail) === false) return;
    setDialog(null);
    if (action.kind === 'expiry-list') setExpiry(action.modules);
    // A link to an app passes the gate every door passes: refused, the page stays and says why.
    else void followThroughGate(action.url);
  };

  const openReminder = (id: string, url: string) => {
    const target = messageUrl(url, header.model.urlContext());
    if (target) openMessage(id, { kind: 'url', url: target });
  };

  return { dialog, setDialog, expiry, setExpiry, openMessage, openReminder };
}

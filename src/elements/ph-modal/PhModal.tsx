import { useStore } from '@nanostores/react';
import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { $modalStack, $translate, MODAL_BODY_MARGIN_PX, modalZIndex, pushModal, removeModal } from '../../core';
import { StyleRoot, sharedStyles, useStyles } from '../common/styles';
import { useLatest } from '../common/use-latest';
import { useBackdropClose, useEscapeClose } from './dismiss';
import { FocusSentinel, useModalFocus } from './focus';
import { deepActiveElement, fadedOut, type Phase } from './lifecycle';
import { ModalHeader } from './ModalHeader';
import { dialogStyle, useModalDrag } from './placement';
import styles from './styles.css';

const MODAL_STYLES = sharedStyles(styles);

/** Why the user asked to close: Escape, a backdrop click, the close button. */
export type ModalRequestReason = 'escape' | 'backdrop' | 'close-button';
/** Why it closed: the user's request, or `api` (the owner set `open` to false on its own). */
export type ModalCloseReason = ModalRequestReason | 'api';

export interface PhModalProps {
  /** Shown; the element reflects it as the `open` attribute. */
  open?: boolean;
  /** Plain-text heading; `title` (React) or the `title` slot (element) replaces it. */
  heading?: string;
  /** CSS width of the dialog (default 60 %). */
  width?: string;
  /** CSS top offset of the dialog (default 15 %). */
  top?: string;
  /** Escape does not close it. */
  noEscapeClose?: boolean;
  /** A click on the backdrop does not close it. */
  noBackdropClose?: boolean;
  /** It does not move with its header. */
  noDrag?: boolean;
  /** No close button in the header: a dialog the user cannot dismiss (the licence-expired block). */
  noCloseButton?: boolean;
  title?: ReactNode;
  footer?: ReactNode;
  /** Whether the footer region shows; defaults to whether `footer` was given. */
  showFooter?: boolean;
  children?: ReactNode;
  /** Fixed stacking level instead of the stack's (the login dialog sits at 2500, §9). */
  zIndex?: number;
  /**
   * One of the platform's dialogs (§2's list: the header's and footer's): it stacks from z-index 10000, at most
   * 50000 (§9), above a page's modals, which stack from 1500.
   */
  platformDialog?: boolean;
  /** Render in place (inside an element's shadow root) instead of a portal on document.body. */
  inline?: boolean;
  /**
   * The user asked to close (Escape, backdrop, close button): the owner sets `open` to false, or returns false to
   * keep it open (a later close by the owner then counts as `api`).
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: an owner that closes returns nothing; only `false` counts
  onRequestClose?: (reason: ModalRequestReason) => boolean | void;
  onOpened?: () => void;
  /** It closed (the fade-out has begun). */
  onClosed?: (reason: ModalCloseReason) => void;
}

/**
 * A stacked dialog (spec §4 Modal dialogs, §9): the top one closes on Escape and backdrop click when allowed,
 * drags by its header within the window, fades in 200 ms, and returns focus to its opener on close.
 */
export function PhModal(props: PhModalProps) {
  const { open = false, inline = false } = props;
  const [phase, setPhase] = useState<Phase>(open ? 'opening' : 'closed');
  const idRef = useRef(Symbol('ph-modal'));
  const closeReason = useRef<ModalCloseReason>('api');
  const opener = useRef<HTMLElement | null>(null);
  const mask = useRef<HTMLDivElement>(null);
  const callbacks = useLatest(props);
  /** Whether the dialog is on screen (opening, open or fading out): a close only counts from there. */
  const shown = useLatest(phase !== 'closed');

  useEffect(() => {
    const id = idRef.current;
    if (open) {
      closeReason.current = 'api';
      pushModal(id, callbacks.current.zIndex ?? (callbacks.current.platformDialog ? 'dialog' : undefined));
      setPhase('opening');
      callbacks.current.onOpened?.();
      return;
    }
    removeModal(id);
    if (shown.current) {
      callbacks.current.onClosed?.(closeReason.current);
      setPhase('closing');
    }
  }, [open, callbacks, shown]);

  useEffect(() => {
    if (phase !== 'closing') return;
    let closing = true;
    void fadedOut(mask.current).then(() => {
      if (!closing) return;
      setPhase('closed');
      const target = opener.current;
      opener.current = null;
      if (target?.isConnected) target.focus();
    });
    return () => {
      closing = false;
    };
  }, [phase]);

  useEffect(() => () => removeModal(idRef.current), []);

  const portal = useShadowPortal(!inline && phase !== 'closed');
  if (phase === 'closed') return null;
  const dialog = (
    <ModalFrame
      {...props}
      id={idRef.current}
      mask={mask}
      phase={phase}
      onFocusing={() => {
        // Reopened while still fading out: the element that opened it first is still the one to return to.
        opener.current ??= deepActiveElement();
      }}
      onShown={() => setPhase('open')}
      requestClose={(reason) => {
        closeReason.current = reason;
        if (callbacks.current.onRequestClose?.(reason) === false) closeReason.current = 'api';
      }}
    />
  );
  if (inline) return dialog;
  return portal ? createPortal(<StyleRoot.Provider value={portal}>{dialog}</StyleRoot.Provider>, portal) : null;
}

/**
 * Outside an element (the React shell) the dialog still gets a shadow root of its own, on a host appended to
 * <body>: its styles cannot leak into the page, nor the page's into it, and no ancestor's stacking context traps it.
 */
function useShadowPortal(enabled: boolean): ShadowRoot | null {
  const [root, setRoot] = useState<ShadowRoot | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const host = document.createElement('div');
    host.dataset.phPortal = 'ph-modal';
    document.body.append(host);
    setRoot(host.attachShadow({ mode: 'open' }));
    return () => {
      host.remove();
      setRoot(null);
    };
  }, [enabled]);
  return root;
}

interface FrameProps extends PhModalProps {
  id: symbol;
  mask: RefObject<HTMLDivElement | null>;
  phase: Phase;
  /** The dialog is about to take focus: whatever has it now is the opener to return to. */
  onFocusing: () => void;
  onShown: () => void;
  requestClose: (reason: ModalRequestReason) => void;
}

/**
 * The mask and the dialog on it: which dialog of the stack it is, its header, body and footer. Focus, the ways to ask
 * for a close and the dialog's place are hooks of their own (focus.tsx, dismiss.ts, placement.ts).
 */
function ModalFrame(props: FrameProps) {
  const { id, phase, heading, title, footer, children } = props;
  const latest = useLatest(props);
  const translate = useStore($translate);
  useStore($modalStack);
  useStyles(MODAL_STYLES);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, phase, latest);
  useEscapeClose(id, latest);
  const { position, handlers } = useModalDrag(dialogRef, props.noDrag);
  const backdrop = useBackdropClose(id, props.noBackdropClose, props.requestClose);
  const showFooter = props.showFooter ?? Boolean(footer);

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a pointer shortcut; keyboard users have Escape and the close button */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div
        ref={props.mask}
        part="mask"
        className={phase === 'open' ? 'mask shown' : 'mask'}
        style={{ zIndex: modalZIndex(id, props.zIndex ?? (props.platformDialog ? 'dialog' : undefined)) }}
        onPointerDown={backdrop.onPointerDown}
        onClick={backdrop.onClick}
      >
        <FocusSentinel dialog={dialogRef} edge="start" />
        <div
          ref={dialogRef}
          part="dialog"
          className={position ? 'dialog placed' : 'dialog'}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          tabIndex={-1}
          style={dialogStyle(position, props.top, props.width)}
        >
          <ModalHeader
            titleId={titleId}
            title={title ?? heading}
            noDrag={props.noDrag}
            noCloseButton={props.noCloseButton}
            closeLabel={translate('modal.close')}
            onClose={() => props.requestClose('close-button')}
            dragHandlers={handlers}
          />
          <div part="body" className="body" style={{ maxHeight: `calc(100vh - ${MODAL_BODY_MARGIN_PX}px)` }}>
            {children}
          </div>
          <div part="footer" className="footer" hidden={!showFooter}>
            {footer}
          </div>
        </div>
        <FocusSentinel dialog={dialogRef} edge="end" />
      </div>
    </>
  );
}

import { useStore } from '@nanostores/react';
import {
  type CSSProperties,
  type ReactNode,
  type PointerEvent as ReactPointerEvent,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { tabbable } from 'tabbable';
import {
  $modalStack,
  $translate,
  clampToViewport,
  isTopModal,
  MODAL_BODY_MARGIN_PX,
  MODAL_DEFAULT_TOP,
  MODAL_DEFAULT_WIDTH,
  MODAL_WINDOW_GAP_PX,
  modalZIndex,
  type Point,
  pushModal,
  removeModal,
} from '../../core';
import { CloseIcon } from '../common/icons';
import { StyleRoot, sharedStyles, useStyles } from '../common/styles';
import { useLatest } from '../common/use-latest';
import { deepActiveElement, fadedOut, type Phase, useResizeThrottled } from './lifecycle';
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
      pushModal(id, callbacks.current.zIndex);
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

function ModalFrame(props: FrameProps) {
  const { id, phase, heading, title, footer, children } = props;
  const latest = useLatest(props);
  const translate = useStore($translate);
  useStore($modalStack);
  useStyles(MODAL_STYLES);
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const maskPressed = useRef(false);
  const [position, setPosition] = useState<Point | null>(null);
  const drag = useRef<{ pointerId: number; from: Point; start: Point } | null>(null);

  useEffect(() => {
    if (phase !== 'opening') return;
    // Here rather than in PhModal's effect: a dialog mounted already open runs this effect first.
    latest.current.onFocusing();
    dialogRef.current?.focus({ preventScroll: true });
    const frame = requestAnimationFrame(() => latest.current.onShown());
    return () => cancelAnimationFrame(frame);
  }, [phase, latest]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      // Escape while an input method composes (Chinese, Japanese) cancels the composition, not the dialog.
      if (event.key !== 'Escape' || event.isComposing || latest.current.phase === 'closing' || !isTopModal(id)) return;
      event.preventDefault();
      if (!latest.current.noEscapeClose) latest.current.requestClose('escape');
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [id, latest]);

  useResizeThrottled(() => {
    const dialog = dialogRef.current;
    if (!dialog || !position) return;
    setPosition(clampToViewport(position, dialogSize(dialog), viewportSize()));
  });

  const startDrag = (event: ReactPointerEvent<HTMLElement>) => {
    const dialog = dialogRef.current;
    if (props.noDrag || !dialog || event.button !== 0 || (event.target as Element).closest('button')) return;
    const rect = dialog.getBoundingClientRect();
    drag.current = { pointerId: event.pointerId, from: { x: event.clientX, y: event.clientY }, start: rect };
    event.currentTarget.setPointerCapture(event.pointerId);
    event.preventDefault();
  };
  const moveDrag = (event: ReactPointerEvent<HTMLElement>) => {
    const state = drag.current;
    const dialog = dialogRef.current;
    if (!state || !dialog || state.pointerId !== event.pointerId) return;
    const wanted = { x: state.start.x + event.clientX - state.from.x, y: state.start.y + event.clientY - state.from.y };
    setPosition(clampToViewport(wanted, dialogSize(dialog), viewportSize()));
  };
  const endDrag = () => {
    drag.current = null;
  };

  const placement = position
    ? { left: `${position.x}px`, top: `${position.y}px` }
    : { top: props.top || MODAL_DEFAULT_TOP };
  const dialogStyle: CSSProperties & { '--ph-modal-width': string } = {
    '--ph-modal-width': props.width || MODAL_DEFAULT_WIDTH,
    ...placement,
    // The body's own limit (window minus 180 px) leaves the footer off a short window when the dialog sits 15 %
    // down: the whole dialog also ends 8 px above the window's bottom, and the body scrolls to make room. A dragged
    // dialog is kept inside the window by its position instead (limiting it by its top would shrink it on each drag).
    maxHeight: position
      ? `calc(100% - ${2 * MODAL_WINDOW_GAP_PX}px)`
      : `calc(100% - ${placement.top} - ${MODAL_WINDOW_GAP_PX}px)`,
  };
  const showFooter = props.showFooter ?? Boolean(footer);

  return (
    <>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a backdrop click is a pointer shortcut; keyboard users have Escape and the close button */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above */}
      <div
        ref={props.mask}
        part="mask"
        className={phase === 'open' ? 'mask shown' : 'mask'}
        style={{ zIndex: modalZIndex(id) }}
        onPointerDown={(event) => {
          maskPressed.current = event.target === event.currentTarget;
        }}
        onClick={(event) => {
          const fromMask = maskPressed.current && event.target === event.currentTarget;
          maskPressed.current = false;
          if (fromMask && !props.noBackdropClose && isTopModal(id)) props.requestClose('backdrop');
        }}
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
          style={dialogStyle}
        >
          <div
            part="header"
            className={props.noDrag ? 'header' : 'header draggable'}
            onPointerDown={startDrag}
            onPointerMove={moveDrag}
            onPointerUp={endDrag}
            onPointerCancel={endDrag}
          >
            <h2 part="title" className="title" id={titleId}>
              {title ?? heading}
            </h2>
            {props.noCloseButton ? null : (
              <button
                type="button"
                part="close"
                className="ph-icon-button"
                aria-label={translate('modal.close')}
                title={translate('modal.close')}
                onClick={() => props.requestClose('close-button')}
              >
                <CloseIcon />
              </button>
            )}
          </div>
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

/**
 * Keeps Tab inside the dialog. One sentinel stands before the dialog and one after it: Tab past the last control
 * reaches the end one, which wraps to the first control; Shift+Tab before the first reaches the start one, which
 * wraps to the last.
 */
function FocusSentinel({ dialog, edge }: { dialog: { current: HTMLElement | null }; edge: 'start' | 'end' }) {
  const wrap = () => {
    const box = dialog.current;
    if (!box) return;
    // Slotted controls (the page's light DOM) count where their slot stands.
    const controls = tabbable(box, { getShadowRoot: true });
    const target = edge === 'start' ? controls.at(-1) : controls[0];
    (target ?? box).focus();
  };
  // biome-ignore lint/a11y/noNoninteractiveTabindex: a focus-trap sentinel must be reachable by Tab to work
  // biome-ignore lint/a11y/noStaticElementInteractions: it only moves focus
  return <span className="sentinel" tabIndex={0} onFocus={wrap} />;
}

function dialogSize(dialog: HTMLElement) {
  return { width: dialog.offsetWidth, height: dialog.offsetHeight };
}

function viewportSize() {
  return { width: document.documentElement.clientWidth, height: window.innerHeight };
}

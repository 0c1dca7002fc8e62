import { createElement, useCallback, useState } from 'react';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, dispatchFrom, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import { type ModalCloseReason, type ModalRequestReason, PhModal, type PhModalProps } from './PhModal';

/** What a page can set on <ph-modal>: the component's plain-data props. */
type ModalElementProps = ElementProps &
  Pick<PhModalProps, 'open' | 'heading' | 'width' | 'top' | 'noEscapeClose' | 'noBackdropClose' | 'noDrag'>;

export interface PhModalRequestCloseDetail {
  reason: ModalRequestReason;
}

export interface PhModalCloseDetail {
  reason: ModalCloseReason;
}

/** The events of <ph-modal>. */
export interface PhModalEventMap {
  /** It opened. */
  'ph-modal-open': CustomEvent<Record<string, never>>;
  /**
   * The user asked to close it (Escape, backdrop, close button). Cancelable: `preventDefault()` keeps it open, for
   * example over unsaved input.
   */
  'ph-modal-request-close': CustomEvent<PhModalRequestCloseDetail>;
  /** It closed: by the user (after an uncancelled `ph-modal-request-close`, which also removes `open`) or the page (`api`). */
  'ph-modal-close': CustomEvent<PhModalCloseDetail>;
}

/** <ph-modal>: PhModal rendered in the element's shadow root, its regions filled from slots. */
function ModalElement({ container, ...props }: ModalElementProps) {
  const host = hostOf(container);
  const [hasFooter, setHasFooter] = useState(false);
  // The footer slot mounts with the dialog; watch what the page puts into it for as long as it exists.
  const footerSlot = useCallback((slot: HTMLSlotElement | null) => {
    if (!slot) return;
    const update = () => setHasFooter(slot.assignedNodes({ flatten: true }).length > 0);
    update();
    slot.addEventListener('slotchange', update);
    return () => slot.removeEventListener('slotchange', update);
  }, []);

  return createElement(
    PhModal,
    {
      ...props,
      inline: true,
      title: createElement('slot', { name: 'title' }, props.heading),
      footer: createElement('slot', { name: 'footer', ref: footerSlot }),
      showFooter: hasFooter,
      onRequestClose: (reason) => {
        if (!dispatchFrom(host, 'ph-modal-request-close', { reason }, { cancelable: true })) return false;
        host?.removeAttribute('open');
      },
      onOpened: () => dispatchFrom(host, 'ph-modal-open', {}),
      onClosed: (reason) => dispatchFrom(host, 'ph-modal-close', { reason }),
    },
    createElement('slot'),
  );
}

/**
 * Stacked dialog (spec §4 "Modal dialogs", §9). Dialogs stack from z-index 1500, one step per open dialog; only the
 * top one reacts to Escape and to a click on its backdrop (when allowed). It drags by its header and stays inside
 * the window, also when the window shrinks; it fades in and out over 200 ms; the body scrolls at most window height
 * minus 180 px. Focus moves into the dialog, Tab stays inside it, and focus returns to the element that opened it.
 * On screens 400 px wide or less it takes the full width minus 16 px.
 *
 * @summary Stacked dialog
 * @slot title - Replaces `heading` (rich title).
 * @slot - The body.
 * @slot footer - Buttons; the footer region shows only when something is slotted.
 * @csspart mask - The backdrop; its z-index is the dialog's place in the stack.
 * @csspart dialog - The dialog box (`role="dialog"`, `aria-modal`).
 * @csspart header - The header: title and close button; dragging it moves the dialog.
 * @csspart title - The heading.
 * @csspart close - The close button.
 * @csspart body - The scrolling body.
 * @csspart footer - The footer region.
 * @cssprop [--ph-modal-fade=200ms] - How long the dialog fades in and out (`0s`: it shows and leaves at once).
 */
export const PhModalElement = defineElement('ph-modal', ModalElement, {
  props: { heading: 'string', width: 'string', top: 'string' },
  booleans: ['open', 'noEscapeClose', 'noBackdropClose', 'noDrag'],
});
ensureToastHost();
installGlobals();

declare global {
  interface GlobalEventHandlersEventMap extends PhModalEventMap {}
  interface HTMLElementTagNameMap {
    'ph-modal': HTMLElement & Omit<ModalElementProps, 'container'>;
  }
}

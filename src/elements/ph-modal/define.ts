import { createElement, useCallback, useState } from 'react';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, dispatchFrom, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import { type ModalCloseReason, PhModal, type PhModalProps } from './PhModal';

/** What a page can set on <ph-modal>: the component's plain-data props. */
type ModalElementProps = ElementProps &
  Pick<PhModalProps, 'open' | 'heading' | 'width' | 'top' | 'noEscapeClose' | 'noBackdropClose' | 'noDrag'>;

export interface PhModalCloseDetail {
  reason: ModalCloseReason;
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
      onRequestClose: () => host?.removeAttribute('open'),
      onOpened: () => dispatchFrom(host, 'ph-modal-open', {}),
      onClosed: (reason) => dispatchFrom<PhModalCloseDetail>(host, 'ph-modal-close', { reason }),
    },
    createElement('slot'),
  );
}

export const PhModalElement = defineElement('ph-modal', ModalElement, {
  props: { heading: 'string', width: 'string', top: 'string' },
  booleans: ['open', 'noEscapeClose', 'noBackdropClose', 'noDrag'],
});
ensureToastHost();
installGlobals();

declare global {
  interface HTMLElementTagNameMap {
    'ph-modal': HTMLElement & Omit<ModalElementProps, 'container'>;
  }
}

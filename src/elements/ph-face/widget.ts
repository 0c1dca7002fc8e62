import { createElement } from 'react';
import type { FaceOutcome } from '../../core';
import { dispatchFrom, type PhEventDetail } from '../define';
import { PhFace, type PhFaceProps } from './PhFace';

// The details are named by the event map define.ts merges into GlobalEventHandlersEventMap, not imported from it:
// define.ts loads this chunk, and the chunk does not import define.ts back.

/** PhFace whose outcomes become the ph-face-* events of define.ts on `host`. */
export function FaceWidget({ host, ...props }: Omit<PhFaceProps, 'onOutcome'> & { host: HTMLElement | null }) {
  return createElement(PhFace, { ...props, onOutcome: (outcome: FaceOutcome) => announce(host, outcome) });
}

function announce(host: HTMLElement | null, outcome: FaceOutcome): void {
  switch (outcome.kind) {
    case 'success':
      dispatchFrom(host, 'ph-face-success', outcome.data as PhEventDetail<'ph-face-success'>);
      break;
    case 'saveSuccess':
      dispatchFrom(host, 'ph-face-save-success', outcome.data as PhEventDetail<'ph-face-save-success'>);
      break;
    case 'clocking':
      dispatchFrom(host, 'ph-face-clocking', outcome.data as PhEventDetail<'ph-face-clocking'>);
      break;
    case 'error': {
      const detail: PhEventDetail<'ph-face-error'> = { reason: outcome.reason };
      if (outcome.message !== undefined) detail.message = outcome.message;
      dispatchFrom(host, 'ph-face-error', detail);
      break;
    }
  }
}

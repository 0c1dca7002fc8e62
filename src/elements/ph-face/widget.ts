import { createElement } from 'react';
import type { FaceOutcome } from '../../core';
import { dispatchFrom } from '../define';
import type { PhFaceClockingDetail, PhFaceErrorDetail, PhFaceSaveSuccessDetail, PhFaceSuccessDetail } from './define';
import { PhFace, type PhFaceProps } from './PhFace';

/** PhFace whose outcomes become the ph-face-* events of define.ts on `host`. */
export function FaceWidget({ host, ...props }: Omit<PhFaceProps, 'onOutcome'> & { host: HTMLElement | null }) {
  return createElement(PhFace, { ...props, onOutcome: (outcome: FaceOutcome) => announce(host, outcome) });
}

function announce(host: HTMLElement | null, outcome: FaceOutcome): void {
  switch (outcome.kind) {
    case 'success':
      dispatchFrom(host, 'ph-face-success', outcome.data as PhFaceSuccessDetail);
      break;
    case 'saveSuccess':
      dispatchFrom(host, 'ph-face-save-success', outcome.data as PhFaceSaveSuccessDetail);
      break;
    case 'clocking':
      dispatchFrom(host, 'ph-face-clocking', outcome.data as PhFaceClockingDetail);
      break;
    case 'error': {
      const detail: PhFaceErrorDetail = { reason: outcome.reason };
      if (outcome.message !== undefined) detail.message = outcome.message;
      dispatchFrom(host, 'ph-face-error', detail);
      break;
    }
  }
}

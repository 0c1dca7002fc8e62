import { createElement } from 'react';
import { dispatchFrom } from '../define';
import { faceOutcomeTo } from './details';
import { PhFace, type PhFaceProps } from './PhFace';

// The element's widget: the lazily loaded chunk of <ph-face> (define.ts), whose outcomes become its events.

/** PhFace whose outcomes become the ph-face-* events of define.ts on `host`. */
export function FaceWidget({ host, ...props }: Omit<PhFaceProps, 'onOutcome'> & { host: HTMLElement | null }) {
  const onOutcome = faceOutcomeTo({
    onSuccess: (detail) => dispatchFrom(host, 'ph-face-success', detail),
    onSaveSuccess: (detail) => dispatchFrom(host, 'ph-face-save-success', detail),
    onClocking: (detail) => dispatchFrom(host, 'ph-face-clocking', detail),
    onError: (detail) => dispatchFrom(host, 'ph-face-error', detail),
  });
  return createElement(PhFace, { ...props, onOutcome });
}

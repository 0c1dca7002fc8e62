import { t } from '../i18n/translate';
import { FACE_CAPTURE_HITS, FACE_DETECT_INTERVAL_MS, FACE_TIMEOUT_MS, type FaceMode } from './constants';
import { LIVENESS_FRAMES } from './liveness';
import type { FaceState } from './machine';
import { ensureFaceStrings } from './strings';

/** The line the widget shows under the picture, in the current language. */
export interface FaceNotice {
  tone: 'info' | 'success' | 'error';
  text: string;
  /** The notice is a button: clicking it retries (§4, §8 'Click to try again'). */
  retry: boolean;
  /** Text of the retry button when the notice's own text does not already say it. */
  retryText?: string;
  /** How far along a timed step is, from 0 to 1: the frames of the liveness challenge. */
  progress?: number;
}

const PROBLEM_KEYS = {
  insecure: 'face.insecure',
  noCamera: 'face.noCamera',
  denied: 'face.denied',
  busy: 'face.busy',
} as const;

function clockedIn(data: unknown): string {
  const { realName, clockTime } = (data ?? {}) as { realName?: unknown; clockTime?: unknown };
  if (typeof realName !== 'string' || typeof clockTime !== 'string') return t('face.success');
  return t('face.clockedIn', { name: realName, time: clockTime });
}

/** §8 texts for each state; null where the picture speaks for itself. */
export function faceNotice(state: FaceState, mode: FaceMode): FaceNotice | null {
  ensureFaceStrings();
  const info = (text: string): FaceNotice => ({ tone: 'info', text, retry: false });
  switch (state.status) {
    case 'userIdMissing':
      return { tone: 'error', text: t('face.userIdMissing'), retry: false };
    case 'unavailable': {
      // On an http page nothing a click does can bring the camera: collect offers the upload instead.
      const retry = state.problem !== 'insecure';
      const notice: FaceNotice = { tone: 'error', text: t(PROBLEM_KEYS[state.problem]), retry };
      if (retry) notice.retryText = t('face.retry');
      return notice;
    }
    case 'countdown':
      return info(t('face.countdown', { seconds: state.remaining }));
    case 'ready':
      return info(t('face.ready'));
    case 'detecting':
      return info(t('face.hint'));
    case 'acting':
      return { ...info(t(`face.${state.challenge.action}`)), progress: state.frames.length / LIVENESS_FRAMES };
    case 'capturing':
    case 'challenging':
    case 'submitting':
      return info(t(mode === 'collect' ? 'face.saving' : 'face.recognising'));
    case 'timeout':
      return {
        tone: 'error',
        text: t('face.timeout', {
          seconds: FACE_TIMEOUT_MS / 1000,
          hold: (FACE_CAPTURE_HITS * FACE_DETECT_INTERVAL_MS) / 1000,
        }),
        retry: true,
      };
    case 'success':
      if (mode === 'orther')
        return { tone: 'success', text: clockedIn(state.data), retry: true, retryText: t('face.next') };
      return { tone: 'success', text: t('face.success'), retry: false };
    case 'failed':
      return {
        tone: 'error',
        text: 'problem' in state ? t('face.livenessUnsupported') : state.message,
        retry: true,
        retryText: t('face.retry'),
      };
    case 'modelFailed':
      return { tone: 'error', text: t('face.modelFailed'), retry: true, retryText: t('face.retry') };
    default:
      return null;
  }
}

import { t } from '../i18n/translate';
import { actingPrompt } from './acting';
import { FACE_CAPTURE_HITS, FACE_DETECT_INTERVAL_MS, FACE_TIMEOUT_MS, type FaceMode } from './constants';
import type { Framing } from './framing';
import type { CameraProblem, FaceState } from './state';
import { ensureFaceStrings } from './strings';

/** The line the widget shows under the picture, in the current language. */
export interface FaceNotice {
  tone: 'info' | 'success' | 'error';
  text: string;
  /** The notice is a button: clicking it retries (§4, §8 'Click to try again'). */
  retry: boolean;
  /** Text of the retry button when the notice's own text does not already say it. */
  retryText?: string;
  /** What to do about a failure, where the widget knows (its own problems; a server's message speaks for itself). */
  nextStep?: string;
  /** How far along a timed step is, from 0 to 1: the frames of the liveness challenge. */
  progress?: number;
}

const PROBLEM_KEYS = {
  insecure: 'face.insecure',
  noCamera: 'face.noCamera',
  denied: 'face.denied',
  busy: 'face.busy',
} as const;

/** What to do about a camera problem; `denied` says it in its own text, and a click cannot help `insecure`. */
const PROBLEM_NEXT_STEPS: Partial<Record<CameraProblem, string>> = {
  noCamera: 'face.connectCamera',
  busy: 'face.closeOtherApp',
};

/** The advice of framing.ts, as the line under the picture says it. */
const FRAMING_KEYS: Record<Framing, string> = {
  noFace: 'face.hint',
  several: 'face.onePerson',
  tooBig: 'face.moveBack',
  tooSmall: 'face.moveCloser',
  offCentre: 'face.moveIntoBox',
  onTarget: 'face.holdStill',
};

function cameraNotice(state: Extract<FaceState, { status: 'unavailable' }>): FaceNotice {
  // On an http page nothing a click does can bring the camera: collect offers the upload instead.
  const retry = state.problem !== 'insecure';
  const notice: FaceNotice = { tone: 'error', text: t(PROBLEM_KEYS[state.problem]), retry };
  if (retry) notice.retryText = t('face.retry');
  const next = state.upload ? 'face.uploadInstead' : PROBLEM_NEXT_STEPS[state.problem];
  if (next) notice.nextStep = t(next);
  return notice;
}

/** Login and clock-in: how to get on target; a terminal asks the person just served to make way. */
function detectingText(state: Extract<FaceState, { status: 'detecting' }>): string {
  if (state.spent && state.framing === 'onTarget') return t('face.nextPerson');
  return t(FRAMING_KEYS[state.framing ?? 'noFace']);
}

/** Collect: what to press, unless the face needs moving first. */
function readyText(framing: Framing | undefined): string {
  return !framing || framing === 'noFace' || framing === 'onTarget' ? t('face.ready') : t(FRAMING_KEYS[framing]);
}

/** A failure the widget can retry, with what to do about it when it knows. */
function retryNotice(text: string, nextKey?: string): FaceNotice {
  const notice: FaceNotice = { tone: 'error', text, retry: true, retryText: t('face.retry') };
  if (nextKey) notice.nextStep = t(nextKey);
  return notice;
}

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
    case 'unavailable':
      return cameraNotice(state);
    case 'countdown':
      return info(t('face.countdown', { seconds: state.remaining }));
    case 'ready':
      return info(readyText(state.framing));
    case 'detecting':
      return info(detectingText(state));
    case 'acting':
      return {
        ...info(t(state.jumped ? 'face.tooFast' : `face.${actingPrompt(state)}`)),
        progress: state.turnsSeen / state.challenge.actions.length,
      };
    case 'challenging':
      // With the hold still running, the challenge comes within a moment: what was said stays.
      if (state.image === null && state.countdown) return info(t('face.countdown', { seconds: state.countdown }));
      if (state.image === null) return info(t(FRAMING_KEYS[state.watch?.framing ?? 'noFace']));
      // The challenge is being asked for: nothing is recognised yet (issue 69: it said "Recognising…").
      return info(t('face.preparing'));
    case 'capturing':
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
      if (!('problem' in state)) return retryNotice(state.message);
      return state.problem === 'livenessUnsupported'
        ? retryNotice(t('face.livenessUnsupported'), 'face.askAdmin')
        : retryNotice(t('face.movementNotSeen'));
    case 'modelFailed':
      return retryNotice(t('face.modelFailed'), 'face.checkNetwork');
    default:
      return null;
  }
}

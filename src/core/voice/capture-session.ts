import type { Language } from '../i18n/language';
import { asVoiceError, type Recognizer, type Recording } from './capture';
import { isAudible } from './heard';
import type { VoiceEvent } from './machine';
import type { PressMicrophone } from './press-microphone';

// An attempt's capture: the recogniser's session and the recording that feeds it, started with the token, stopped
// at the release, dropped when the attempt is given up. What they answer goes to the machine as an event of the
// attempt; a dropped capture answers nothing.

export interface CaptureParts {
  recognizer: Recognizer;
  language: () => Language;
  microphone: PressMicrophone;
  dispatch(event: VoiceEvent): void;
  /** What the recogniser has heard so far ('' when a capture starts). */
  showPartial(text: string): void;
}

export interface Capturing {
  start(attempt: number, token: string): void;
  /** Stops recording and asks the recogniser for its final text. */
  stop(attempt: number): void;
  /** Stops recording, closes the recogniser and ignores what it says. */
  abort(attempt: number): void;
}

interface Capture {
  readonly attempt: number;
  stop(): Promise<void>;
  abort(): void;
}

function startCapture(attempt: number, token: string, parts: CaptureParts): Capture {
  const { dispatch, showPartial } = parts;
  showPartial('');
  // A frame had sound above silence, or the recogniser gave a partial text: the attempt was not silent. And the
  // phrases the recogniser said it hears, when it heard none of them.
  const heard: { audible: boolean; phrases?: string[] } = { audible: false };
  const session = parts.recognizer.start({
    token,
    language: parts.language(),
    onPartial: (text) => {
      if (text.trim()) heard.audible = true;
      showPartial(text);
    },
    onPhrases: (phrases) => {
      heard.phrases = phrases;
    },
  });
  let recording: Recording | null = null;
  let aborted = false;
  const failed = (error: unknown) => {
    if (aborted) return;
    const { kind, message } = asVoiceError(error);
    dispatch({ type: 'captureFailed', attempt, reason: kind, detail: message || undefined });
  };
  session.result.then((text) => {
    if (aborted) return;
    const { audible, phrases } = heard;
    dispatch({ type: 'recognised', attempt, text, audible, ...(phrases ? { phrases } : {}) });
  }, failed);
  const recordingStarted = parts.microphone.take((pcm) => {
    if (!heard.audible && isAudible(pcm)) heard.audible = true;
    session.sendAudio(pcm);
  });
  recordingStarted.then((handle) => {
    recording = handle;
    if (aborted) void handle?.stop();
  }, failed);
  Promise.all([session.ready, recordingStarted]).then(() => {
    if (!aborted) dispatch({ type: 'captureStarted', attempt });
  }, failed);
  return {
    attempt,
    async stop() {
      if (aborted) return;
      // The recorder hands over its last frames before the recogniser hears "no more audio".
      await recording?.stop().catch(() => undefined);
      session.stop();
    },
    abort() {
      if (aborted) return;
      aborted = true;
      session.cancel();
      void recording?.stop().catch(() => undefined);
    },
  };
}

/** The capture of the attempt under way; an effect for another attempt finds none. */
export function createCapturing(parts: CaptureParts): Capturing {
  let current: Capture | null = null;
  const captureOf = (attempt: number) => (current?.attempt === attempt ? current : null);
  return {
    start(attempt, token) {
      current = startCapture(attempt, token, parts);
    },
    stop(attempt) {
      void captureOf(attempt)?.stop();
    },
    abort(attempt) {
      const capture = captureOf(attempt);
      if (!capture) return;
      capture.abort();
      current = null;
    },
  };
}

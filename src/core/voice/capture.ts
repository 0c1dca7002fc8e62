import type { Language } from '../i18n/language';
import type { CaptureFailure } from './machine';

// The two adapters the voice controller is given: a recorder (microphone -> 16 kHz mono 16-bit PCM frames) and a
// recogniser (PCM -> text). A recogniser that listens by itself (the browser's Web Speech API) needs no recorder
// and no token.

/** Why a recorder or recogniser failed; `kind` picks the message the widget shows. */
export class VoiceError extends Error {
  override readonly name = 'VoiceError';
  constructor(
    readonly kind: CaptureFailure,
    message: string,
    /** The service's status code, when it gave one (NLS TaskFailed). */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Gives up when `error` is not a VoiceError: an unexpected failure of a recogniser is a recognition failure. */
export function asVoiceError(error: unknown): VoiceError {
  if (error instanceof VoiceError) return error;
  return new VoiceError('recognition', error instanceof Error ? error.message : String(error));
}

/** One recording in progress. */
export interface Recording {
  /** Stops the microphone (every track) after handing over the audio captured so far. */
  stop(): Promise<void>;
}

export interface Recorder {
  /** Opens the microphone; `onFrame` then receives 16 kHz mono 16-bit PCM frames until stop(). */
  start(onFrame: (pcm: Int16Array) => void): Promise<Recording>;
}

export interface RecognitionOptions {
  /** The speech token of `get_ali_token` ('' for a recogniser that needs none). */
  token: string;
  language: Language;
  /** Text recognised so far, while the user is still speaking. */
  onPartial?: (text: string) => void;
  /**
   * Before an empty result: the phrases this recogniser does hear as commands, when it says (the offline gateway,
   * which listens for a few phrases only).
   */
  onPhrases?: (phrases: string[]) => void;
}

/** One sentence being recognised. */
export interface RecognitionSession {
  /** Settles when the recogniser is ready for audio (rejects with a VoiceError when it cannot start). */
  readonly ready: Promise<void>;
  /** The final text (possibly ''); rejects with a VoiceError. Settles after stop(), or earlier when the recogniser
   * decides the sentence is over. */
  readonly result: Promise<string>;
  /** Audio to recognise; frames sent before `ready` are kept and sent in order. */
  sendAudio(pcm: Int16Array): void;
  /** No more audio: ask for the final text. */
  stop(): void;
  /** Drop the sentence: close the connection, settle nothing further. */
  cancel(): void;
}

export interface Recognizer {
  /** Listens to the microphone by itself: the controller starts no recorder for it. */
  readonly capturesAudio: boolean;
  /** Needs the speech token of `get_ali_token`. */
  readonly needsToken: boolean;
  start(options: RecognitionOptions): RecognitionSession;
}

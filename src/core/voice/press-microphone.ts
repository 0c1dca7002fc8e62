import type { Recognizer, Recorder, Recording } from './capture';
import { type EarlyAudio, openEarlyAudio } from './early-audio';

// The microphone opened at the press (early-audio.ts), held for the capture that takes it over. Only our recorder
// opens it: a recogniser that listens by itself has no use for it.

export interface PressMicrophone {
  /** Opens the microphone anew at a press (one still open is closed). */
  open(): void;
  /** Closes a microphone that no capture took over. */
  close(): void;
  /**
   * The recording for a capture: the microphone opened at the press, its frames first, or a new one; null when the
   * recogniser listens by itself.
   */
  take(send: (pcm: Int16Array) => void): Promise<Recording | null>;
}

export function createPressMicrophone(recognizer: Recognizer, recorder: Recorder | null): PressMicrophone {
  let early: EarlyAudio | null = null;
  const close = () => {
    early?.close();
    early = null;
  };
  return {
    open() {
      close();
      if (!recognizer.capturesAudio && recorder) early = openEarlyAudio(recorder);
    },
    close,
    take(send) {
      if (recognizer.capturesAudio || !recorder) return Promise.resolve(null);
      const audio = early;
      early = null;
      return audio ? audio.takeOver(send) : recorder.start(send);
    },
  };
}

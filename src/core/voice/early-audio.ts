import type { Recorder, Recording } from './capture';

// The microphone opened at the press (issue 35): a recogniser needs a token and a connection first, and a person who
// speaks as they press must still be heard whole. What it hears waits here until a capture takes it over.

/** The most kept before a capture takes over: a slow token call does not grow it without end. */
export const EARLY_AUDIO_SECONDS = 10;
const SAMPLES_PER_SECOND = 16_000;

export interface EarlyAudio {
  /** Hands over what was heard so far, then every later frame, to `sink`; answers the recording to stop later. */
  takeOver(sink: (pcm: Int16Array) => void): Promise<Recording>;
  /** Closes the microphone when nothing took it over. */
  close(): void;
}

export function openEarlyAudio(recorder: Recorder): EarlyAudio {
  const kept: Int16Array[] = [];
  let samples = 0;
  let sink: ((pcm: Int16Array) => void) | null = null;
  let closed = false;
  let handle: Recording | null = null;
  const stop = (recording: Recording) => void recording.stop().catch(() => undefined);
  const recording = recorder.start((pcm) => {
    if (sink) sink(pcm);
    else if (samples + pcm.length <= EARLY_AUDIO_SECONDS * SAMPLES_PER_SECOND) {
      kept.push(pcm);
      samples += pcm.length;
    }
  });
  // A refused microphone is told by the capture that takes this over; one closed before owes nobody an answer.
  recording.then(
    (opened) => {
      handle = opened;
      if (closed) stop(opened);
    },
    () => undefined,
  );
  return {
    takeOver(next) {
      for (const pcm of kept.splice(0)) next(pcm);
      sink = next;
      return recording;
    },
    close() {
      closed = true;
      if (handle) stop(handle);
    },
  };
}

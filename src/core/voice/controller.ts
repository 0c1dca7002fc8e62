import { atom, type ReadableAtom } from 'nanostores';
import type { Language } from '../i18n/translate';
import { isOpenableUrl } from '../util/url';
import type { VoiceApi } from './api';
import { asVoiceError, type RecognitionSession, type Recognizer, type Recorder, type Recording } from './capture';
import {
  initialVoice,
  type VoiceEffect,
  type VoiceEvent,
  type VoiceMessage,
  type VoiceState,
  type VoiceTimer,
  voiceTransition,
} from './machine';
import { ensureVoiceStrings } from './strings';
import { voiceOperatorNote } from './view';

// Carries out what machine.ts decides, through injected dependencies: the platform calls, the recorder, the
// recogniser and navigation. Timers are the global ones, so tests drive them with fake timers.

export interface VoiceControllerDeps {
  api: VoiceApi;
  recognizer: Recognizer;
  /** Not used when the recogniser listens by itself. */
  recorder: Recorder | null;
  /** The language to recognise (the session language, read at each press). */
  language: () => Language;
  /** Goes to a skill's url (it has been checked to be a same-site path or an http(s) address). */
  navigate: (url: string, text: string) => void;
}

export interface VoiceController {
  readonly $state: ReadableAtom<VoiceState>;
  /** What the recogniser has heard so far in this recording ('' otherwise). */
  readonly $partial: ReadableAtom<string>;
  press(): void;
  release(): void;
  /** Drops whatever is under way (the element left the page): the microphone is released. */
  cancel(): void;
}

interface Capture {
  attempt: number;
  session: RecognitionSession;
  recording: Recording | null;
  aborted: boolean;
}

export function createVoiceController(deps: VoiceControllerDeps): VoiceController {
  ensureVoiceStrings();
  const start = initialVoice();
  const $state = atom<VoiceState>(start.state);
  const $partial = atom('');
  const timers = new Map<VoiceTimer, ReturnType<typeof setTimeout>>();
  const queue: VoiceEvent[] = [];
  let running = false;
  let capture: Capture | null = null;

  // Effects may answer at once (a recogniser that needs no token): events raised while one is being handled
  // wait their turn, so every transition starts from the state the previous one left.
  function dispatch(event: VoiceEvent): void {
    queue.push(event);
    if (running) return;
    running = true;
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const before = $state.get();
        const { state, effects } = voiceTransition(before, next);
        $state.set(state);
        if (state.phase === 'message' && before.phase !== 'message') reportToOperator(state.message);
        for (const effect of effects) run(effect);
      }
    } finally {
      running = false;
    }
  }

  // The user reads a user's message; the technical reason goes to the console for whoever runs the platform.
  function reportToOperator(message: VoiceMessage): void {
    const note = voiceOperatorNote(message);
    if (note) console.warn(note);
  }

  function startTimer(timer: VoiceTimer, ms: number): void {
    clearTimeout(timers.get(timer));
    timers.set(
      timer,
      setTimeout(() => {
        timers.delete(timer);
        dispatch({ type: 'timer', timer });
      }, ms),
    );
  }

  function clearTimer(timer: VoiceTimer): void {
    clearTimeout(timers.get(timer));
    timers.delete(timer);
  }

  function fetchToken(attempt: number): void {
    if (!deps.recognizer.needsToken) {
      dispatch({ type: 'tokenReceived', attempt, token: '' });
      return;
    }
    deps.api.token(deps.language()).then(
      (token) => dispatch({ type: 'tokenReceived', attempt, token }),
      () => dispatch({ type: 'tokenFailed', attempt }),
    );
  }

  function startCapture(attempt: number, token: string): void {
    $partial.set('');
    const session = deps.recognizer.start({
      token,
      language: deps.language(),
      onPartial: (text) => $partial.set(text),
    });
    const current: Capture = { attempt, session, recording: null, aborted: false };
    capture = current;
    const failed = (error: unknown) => {
      if (current.aborted) return;
      const { kind, message } = asVoiceError(error);
      dispatch({ type: 'captureFailed', attempt, reason: kind, detail: message || undefined });
    };
    session.result.then((text) => {
      if (!current.aborted) dispatch({ type: 'recognised', attempt, text });
    }, failed);
    const recording =
      deps.recognizer.capturesAudio || !deps.recorder
        ? Promise.resolve(null)
        : deps.recorder.start((pcm) => session.sendAudio(pcm));
    recording.then((handle) => {
      current.recording = handle;
      if (current.aborted) void handle?.stop();
    }, failed);
    Promise.all([session.ready, recording]).then(() => {
      if (!current.aborted) dispatch({ type: 'captureStarted', attempt });
    }, failed);
  }

  async function stopCapture(attempt: number): Promise<void> {
    const current = capture;
    if (!current || current.attempt !== attempt || current.aborted) return;
    // The recorder hands over its last frames before the recogniser hears "no more audio".
    await current.recording?.stop().catch(() => undefined);
    current.session.stop();
  }

  function abortCapture(attempt: number): void {
    const current = capture;
    if (!current || current.attempt !== attempt || current.aborted) return;
    current.aborted = true;
    current.session.cancel();
    void current.recording?.stop().catch(() => undefined);
    capture = null;
  }

  function lookup(attempt: number, text: string): void {
    deps.api.findSkill(text).then(
      (url) =>
        dispatch(url && isOpenableUrl(url) ? { type: 'skillFound', attempt, url } : { type: 'skillMissing', attempt }),
      (error: unknown) =>
        dispatch({ type: 'lookupFailed', attempt, detail: error instanceof Error ? error.message : undefined }),
    );
  }

  function run(effect: VoiceEffect): void {
    switch (effect.type) {
      case 'startTimer':
        startTimer(effect.timer, effect.ms);
        break;
      case 'clearTimer':
        clearTimer(effect.timer);
        break;
      case 'fetchToken':
        fetchToken(effect.attempt);
        break;
      case 'startCapture':
        startCapture(effect.attempt, effect.token);
        break;
      case 'stopCapture':
        void stopCapture(effect.attempt);
        break;
      case 'abortCapture':
        abortCapture(effect.attempt);
        break;
      case 'lookup':
        lookup(effect.attempt, effect.text);
        break;
      case 'navigate':
        deps.navigate(effect.url, effect.text);
        dispatch({ type: 'navigated', attempt: effect.attempt });
        break;
    }
  }

  for (const effect of start.effects) run(effect);
  return {
    $state,
    $partial,
    press: () => dispatch({ type: 'press' }),
    release: () => dispatch({ type: 'release' }),
    cancel: () => dispatch({ type: 'cancel' }),
  };
}

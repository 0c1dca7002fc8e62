import { atom, type ReadableAtom } from 'nanostores';
import type { AppItem } from '../api/types';
import type { Language } from '../i18n/language';
import { pageRouteUrl } from '../routes/router';
import { type Site, safeUrl, siteUrl } from '../routes/site';
import type { VoiceApi } from './api';
import { appCommandUrl, appForCommand, suggestedAppName } from './app-command';
import { asVoiceError, type RecognitionSession, type Recognizer, type Recorder, type Recording } from './capture';
import { type EarlyAudio, openEarlyAudio } from './early-audio';
import { isAudible } from './heard';
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
  /** Goes to a skill's url: absolute, on the page's own origin (resolved against `site`). */
  navigate: (url: string, text: string) => void;
  /** The page's site, which a skill's url must stay on (routes/site.ts). */
  site: () => Site;
  /** The page's own href: a skill's url that is a hash route alone (`#/messages`) is a route of this page. */
  pageHref?: () => string;
  /** The apps the signed-in user sees, whose names a command may say (issue 35); none when left out. */
  apps?: () => Promise<readonly AppItem[] | null>;
}

export interface VoiceController {
  readonly $state: ReadableAtom<VoiceState>;
  /** What the recogniser has heard so far in this recording ('' otherwise). */
  readonly $partial: ReadableAtom<string>;
  press(): void;
  release(): void;
  /** Closes the message showing (a miss stays until this or the next press). */
  dismiss(): void;
  /** Drops whatever is under way (the element left the page): the microphone is released. */
  cancel(): void;
}

interface Capture {
  attempt: number;
  session: RecognitionSession;
  recording: Recording | null;
  aborted: boolean;
  /** A frame had sound above silence, or the recogniser gave a partial text: the attempt was not silent. */
  heard: { audible: boolean };
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
  let early: EarlyAudio | null = null;

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

  function openMicrophone(): void {
    closeMicrophone();
    if (!deps.recognizer.capturesAudio && deps.recorder) early = openEarlyAudio(deps.recorder);
  }

  function closeMicrophone(): void {
    early?.close();
    early = null;
  }

  /** The recording for a capture: the microphone opened at the press, its frames first, or a new one. */
  function takeRecording(current: Capture): Promise<Recording | null> {
    if (deps.recognizer.capturesAudio || !deps.recorder) return Promise.resolve(null);
    const audio = early;
    early = null;
    const send = (pcm: Int16Array) => {
      if (!current.heard.audible && isAudible(pcm)) current.heard.audible = true;
      current.session.sendAudio(pcm);
    };
    return audio ? audio.takeOver(send) : deps.recorder.start(send);
  }

  function startCapture(attempt: number, token: string): void {
    $partial.set('');
    const heard = { audible: false };
    const session = deps.recognizer.start({
      token,
      language: deps.language(),
      onPartial: (text) => {
        if (text.trim()) heard.audible = true;
        $partial.set(text);
      },
    });
    const current: Capture = { attempt, session, recording: null, aborted: false, heard };
    capture = current;
    const failed = (error: unknown) => {
      if (current.aborted) return;
      const { kind, message } = asVoiceError(error);
      dispatch({ type: 'captureFailed', attempt, reason: kind, detail: message || undefined });
    };
    session.result.then((text) => {
      if (!current.aborted) dispatch({ type: 'recognised', attempt, text, audible: heard.audible });
    }, failed);
    const recording = takeRecording(current);
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

  // The platform's skill phrases first; then the names on the user's own tiles; a miss offers the closest of those.
  async function resolve(attempt: number, text: string): Promise<VoiceEvent> {
    const found = await deps.api.findSkill(text);
    const url = (deps.pageHref && pageRouteUrl(found, deps.pageHref())) || safeUrl(found, deps.site());
    if (url) return { type: 'skillFound', attempt, url };
    const apps = (await deps.apps?.().catch(() => null)) ?? [];
    const app = appForCommand(text, apps);
    if (app) return { type: 'skillFound', attempt, url: siteUrl(deps.site(), appCommandUrl(app)) };
    const suggestion = suggestedAppName(text, apps, deps.language());
    return suggestion ? { type: 'skillMissing', attempt, suggestion } : { type: 'skillMissing', attempt };
  }

  function lookup(attempt: number, text: string): void {
    resolve(attempt, text).then(dispatch, (error: unknown) =>
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
      case 'openMicrophone':
        openMicrophone();
        break;
      case 'closeMicrophone':
        closeMicrophone();
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
    dismiss: () => dispatch({ type: 'dismiss' }),
    cancel: () => dispatch({ type: 'cancel' }),
  };
}

import { withoutTrailingPunctuation } from '../api/vocabulary';
import { isRealSpeech } from './heard';

// §4 Voice recording as a pure state machine: it decides, the controller (controller.ts) does. Every event gives the
// next state and the effects to carry out (timers, the token call, starting and stopping the capture, the skill
// lookup, navigation); nothing here waits or touches the browser.
//
//   idle --press (the microphone opens, buffering)--> pressing --200 ms--> connecting --token--> (capture starting) --started--> recording
//   pressing --release--> idle (nothing fetched, nothing recorded)
//   connecting --release--> idle (the capture is dropped)   connecting --token failure--> message
//   recording --release | 60 s--> recognising --text--> lookingUp --url--> navigating
//                                              --''--> message 'empty'     --no url--> message 'miss'
//                                              --'' and no sound--> message 'silence'
//   navigating --navigated--> idle (a page that routes by itself stays; others unload)
//   message --about 1 s (a miss: the next press or a dismiss)--> idle
// Asynchronous answers carry the attempt they belong to; an answer for an earlier attempt changes nothing.

/** §9: a press becomes a recording after 200 ms. */
export const LONG_PRESS_MS = 200;
/** §9: a recording stops by itself after 60 s. */
export const RECORDING_LIMIT_SECONDS = 60;
/** §9: the "long press" hint shows for the first 3 s. */
export const HINT_MS = 3000;
/** §9: messages clear after about 1 s. */
export const MESSAGE_MS = 1000;
/** Failures that carry a detail (a refused microphone, a recogniser's reason) stay long enough to be read. */
export const FAILURE_MESSAGE_MS = 4000;

/**
 * miss, empty and token are the spec's three messages (§4, §8); silence is an empty text with no sound at all, which
 * asks for the microphone to be checked (issue 56); the others are failures the spec does not name.
 */
export type VoiceMessageKind =
  | 'miss'
  | 'empty'
  | 'silence'
  | 'token'
  | 'microphone'
  | 'unsupported'
  | 'connection'
  | 'recognition';

export interface VoiceMessage {
  kind: VoiceMessageKind;
  /** The recognised text (a miss, when it is real speech: heard.ts) or the reason of a failure. */
  detail?: string;
  /** A miss: the name of one of the user's apps, to offer as a command that works (issue 35). */
  suggestion?: string;
  /**
   * Speech not understood: the phrases the recogniser does hear as commands, when it told them (the offline gateway,
   * which cannot hear the tiles' Chinese names: issue 69), to offer instead.
   */
  phrases?: readonly string[];
}

export type VoiceStep =
  | { phase: 'idle' }
  | { phase: 'pressing' }
  | { phase: 'connecting' }
  | { phase: 'recording'; remaining: number }
  | { phase: 'recognising' }
  | { phase: 'lookingUp'; text: string }
  | { phase: 'navigating'; text: string; url: string }
  | { phase: 'message'; message: VoiceMessage };

export type VoicePhase = VoiceStep['phase'];

export type VoiceState = VoiceStep & {
  /** The "long press" hint is showing (the first 3 s). */
  hint: boolean;
  /** Counts presses that became recordings; answers of an earlier one are ignored. */
  attempt: number;
};

export type VoiceTimer = 'press' | 'tick' | 'message' | 'hint';

/** Why a capture failed: the message it shows. */
export type CaptureFailure = Exclude<VoiceMessageKind, 'miss' | 'empty' | 'silence'>;

export type VoiceEvent =
  | { type: 'press' }
  | { type: 'release' }
  /** The element left the page, or the page asked to stop: everything is dropped. */
  | { type: 'cancel' }
  /** The user closed the message (a miss stays until then, or until the next press). */
  | { type: 'dismiss' }
  | { type: 'timer'; timer: VoiceTimer }
  | { type: 'tokenReceived'; attempt: number; token: string }
  | { type: 'tokenFailed'; attempt: number }
  | { type: 'captureStarted'; attempt: number }
  | { type: 'captureFailed'; attempt: number; reason: CaptureFailure; detail?: string }
  /**
   * `audible`: the recording had sound above silence, or the recogniser heard something on the way; `phrases`: with
   * an empty text, the phrases the recogniser says it hears.
   */
  | { type: 'recognised'; attempt: number; text: string; audible: boolean; phrases?: readonly string[] }
  | { type: 'skillFound'; attempt: number; url: string }
  | { type: 'skillMissing'; attempt: number; suggestion?: string }
  | { type: 'lookupFailed'; attempt: number; detail?: string }
  /** The navigation was carried out (or the page kept it for itself): the button is free again. */
  | { type: 'navigated'; attempt: number };

export type VoiceEffect =
  | { type: 'startTimer'; timer: VoiceTimer; ms: number }
  | { type: 'clearTimer'; timer: VoiceTimer }
  | { type: 'fetchToken'; attempt: number }
  | { type: 'startCapture'; attempt: number; token: string }
  /** Stop recording and ask the recogniser for its final text. */
  | { type: 'stopCapture'; attempt: number }
  /** Drop the capture: stop recording, close the recogniser, ignore what it says. */
  | { type: 'abortCapture'; attempt: number }
  | { type: 'lookup'; attempt: number; text: string }
  /**
   * Open the microphone at the press and keep what it hears until the capture starts, so a person who speaks as
   * they press is heard whole (issue 35); the capture takes it over.
   */
  | { type: 'openMicrophone' }
  /** Close a microphone opened at the press that no capture took over. */
  | { type: 'closeMicrophone' }
  | { type: 'navigate'; attempt: number; text: string; url: string };

export interface VoiceTransition {
  state: VoiceState;
  effects: VoiceEffect[];
}

/** The state when the widget appears: idle, with the hint showing; start the hint timer with it. */
export function initialVoice(): VoiceTransition {
  return {
    state: { phase: 'idle', hint: true, attempt: 0 },
    effects: [{ type: 'startTimer', timer: 'hint', ms: HINT_MS }],
  };
}

const stay = (state: VoiceState): VoiceTransition => ({ state, effects: [] });

function to(state: VoiceState, step: VoiceStep, effects: VoiceEffect[] = []): VoiceTransition {
  return { state: { ...step, hint: state.hint, attempt: state.attempt }, effects };
}

/**
 * Whether a message stays until the next press or a dismiss: a miss, which shows what was heard and a phrase that
 * works (issue 35), and speech not understood with the phrases that do work (issue 69) — lines to read, not a flash.
 */
export function messageStays(message: VoiceMessage): boolean {
  return message.kind === 'miss' || (message.phrases?.length ?? 0) > 0;
}

/**
 * §4's "about 1 s" is for the short flashes; a failure with its reason stays long enough to be read, and a message
 * with phrases to try until the next press or a dismiss.
 */
function showMessage(state: VoiceState, message: VoiceMessage, effects: VoiceEffect[] = []): VoiceTransition {
  if (messageStays(message)) return to(state, { phase: 'message', message }, effects);
  const short: readonly VoiceMessageKind[] = ['empty', 'silence', 'token'];
  const ms = short.includes(message.kind) ? MESSAGE_MS : FAILURE_MESSAGE_MS;
  return to(state, { phase: 'message', message }, [...effects, { type: 'startTimer', timer: 'message', ms }]);
}

/** The phases in which a capture (recorder and recogniser) may be running. */
const CAPTURING: readonly VoicePhase[] = ['connecting', 'recording', 'recognising'];

function onPress(state: VoiceState): VoiceTransition {
  if (state.phase !== 'idle' && state.phase !== 'message') return stay(state);
  const effects: VoiceEffect[] = [
    { type: 'startTimer', timer: 'press', ms: LONG_PRESS_MS },
    { type: 'openMicrophone' },
  ];
  if (state.phase === 'message') effects.unshift({ type: 'clearTimer', timer: 'message' });
  return to(state, { phase: 'pressing' }, effects);
}

function onRelease(state: VoiceState): VoiceTransition {
  const { attempt } = state;
  switch (state.phase) {
    case 'pressing':
      return to(state, { phase: 'idle' }, [{ type: 'clearTimer', timer: 'press' }, { type: 'closeMicrophone' }]);
    case 'connecting':
      return to(state, { phase: 'idle' }, [{ type: 'abortCapture', attempt }, { type: 'closeMicrophone' }]);
    case 'recording':
      return to(state, { phase: 'recognising' }, [
        { type: 'clearTimer', timer: 'tick' },
        { type: 'stopCapture', attempt },
      ]);
    default:
      return stay(state);
  }
}

function onCancel(state: VoiceState): VoiceTransition {
  const effects: VoiceEffect[] = (['press', 'tick', 'message', 'hint'] as const).map((timer) => ({
    type: 'clearTimer',
    timer,
  }));
  if (CAPTURING.includes(state.phase)) effects.push({ type: 'abortCapture', attempt: state.attempt });
  effects.push({ type: 'closeMicrophone' });
  return { state: { phase: 'idle', hint: false, attempt: state.attempt }, effects };
}

function onTimer(state: VoiceState, timer: VoiceTimer): VoiceTransition {
  if (timer === 'hint') return stay({ ...state, hint: false });
  if (timer === 'press' && state.phase === 'pressing') {
    const attempt = state.attempt + 1;
    return { state: { phase: 'connecting', hint: state.hint, attempt }, effects: [{ type: 'fetchToken', attempt }] };
  }
  if (timer === 'message' && state.phase === 'message') return to(state, { phase: 'idle' });
  if (timer === 'tick' && state.phase === 'recording') {
    const remaining = state.remaining - 1;
    if (remaining > 0) {
      return to(state, { phase: 'recording', remaining }, [{ type: 'startTimer', timer: 'tick', ms: 1000 }]);
    }
    return to(state, { phase: 'recognising' }, [{ type: 'stopCapture', attempt: state.attempt }]);
  }
  return stay(state);
}

function onRecognised(
  state: VoiceState,
  { text, audible, phrases }: Extract<VoiceEvent, { type: 'recognised' }>,
): VoiceTransition {
  // A recogniser may finish by itself while the button is still held (it heard the end of the sentence).
  const stopRecording: VoiceEffect[] =
    state.phase === 'recording'
      ? [
          { type: 'clearTimer', timer: 'tick' },
          { type: 'abortCapture', attempt: state.attempt },
        ]
      : [];
  if (state.phase !== 'recognising' && state.phase !== 'recording') return stay(state);
  const command = withoutTrailingPunctuation(text);
  if (!command && !audible) return showMessage(state, { kind: 'silence' }, stopRecording);
  if (!command)
    return showMessage(state, phrases?.length ? { kind: 'empty', phrases } : { kind: 'empty' }, stopRecording);
  return to(state, { phase: 'lookingUp', text: command }, [
    ...stopRecording,
    { type: 'lookup', attempt: state.attempt, text: command },
  ]);
}

function onCaptureFailed(state: VoiceState, reason: CaptureFailure, detail?: string): VoiceTransition {
  if (!CAPTURING.includes(state.phase)) return stay(state);
  const effects: VoiceEffect[] = [
    { type: 'clearTimer', timer: 'tick' },
    { type: 'abortCapture', attempt: state.attempt },
  ];
  return showMessage(state, detail ? { kind: reason, detail } : { kind: reason }, effects);
}

/** The next state and the effects to carry out, for one event. */
export function voiceTransition(state: VoiceState, event: VoiceEvent): VoiceTransition {
  if ('attempt' in event && event.attempt !== state.attempt) {
    // An answer for an earlier press: a capture it started must not keep the microphone open.
    return event.type === 'captureStarted'
      ? { state, effects: [{ type: 'abortCapture', attempt: event.attempt }] }
      : stay(state);
  }
  switch (event.type) {
    case 'press':
      return onPress(state);
    case 'release':
      return onRelease(state);
    case 'cancel':
      return onCancel(state);
    case 'dismiss':
      return state.phase === 'message'
        ? to(state, { phase: 'idle' }, [{ type: 'clearTimer', timer: 'message' }])
        : stay(state);
    case 'timer':
      return onTimer(state, event.timer);
    case 'tokenReceived':
      return state.phase === 'connecting'
        ? { state, effects: [{ type: 'startCapture', attempt: state.attempt, token: event.token }] }
        : stay(state);
    case 'tokenFailed':
      return state.phase === 'connecting'
        ? showMessage(state, { kind: 'token' }, [{ type: 'closeMicrophone' }])
        : stay(state);
    case 'captureStarted':
      if (state.phase !== 'connecting') return { state, effects: [{ type: 'abortCapture', attempt: event.attempt }] };
      return to(state, { phase: 'recording', remaining: RECORDING_LIMIT_SECONDS }, [
        { type: 'startTimer', timer: 'tick', ms: 1000 },
      ]);
    case 'captureFailed':
      return onCaptureFailed(state, event.reason, event.detail);
    case 'recognised':
      return onRecognised(state, event);
    case 'skillFound':
      return state.phase === 'lookingUp'
        ? to(state, { phase: 'navigating', text: state.text, url: event.url }, [
            { type: 'navigate', attempt: state.attempt, text: state.text, url: event.url },
          ])
        : stay(state);
    case 'skillMissing':
      return state.phase === 'lookingUp'
        ? showMessage(state, {
            kind: 'miss',
            // A fragment ("My") says nothing the user can act on: the miss shows without it.
            ...(isRealSpeech(state.text) ? { detail: state.text } : {}),
            ...(event.suggestion ? { suggestion: event.suggestion } : {}),
          })
        : stay(state);
    case 'lookupFailed':
      return state.phase === 'lookingUp'
        ? showMessage(state, event.detail ? { kind: 'connection', detail: event.detail } : { kind: 'connection' })
        : stay(state);
    case 'navigated':
      return state.phase === 'navigating' ? to(state, { phase: 'idle' }) : stay(state);
  }
}

import { atom } from 'nanostores';
import { createCapturing } from './capture-session';
import type { VoiceController, VoiceControllerDeps } from './controller-deps';
import { runVoiceEffect, type VoiceWorkers } from './effects';
import { initialVoice, type VoiceEvent, type VoiceMessage, type VoiceState, voiceTransition } from './machine';
import { oneAtATime } from './one-at-a-time';
import { createPressMicrophone } from './press-microphone';
import { ensureVoiceStrings } from './strings';
import { createVoiceTimers } from './timers';
import { voiceOperatorNote } from './view';

// Carries out what machine.ts decides: each event gives the next state, and each effect goes to the runner that does
// it (effects.ts). What is injected is in controller-deps.ts.

// The user reads a user's message; the technical reason goes to the console for whoever runs the platform.
function reportToOperator(message: VoiceMessage): void {
  const note = voiceOperatorNote(message);
  if (note) console.warn(note);
}

export function createVoiceController(deps: VoiceControllerDeps): VoiceController {
  ensureVoiceStrings();
  const start = initialVoice();
  const $state = atom<VoiceState>(start.state);
  const $partial = atom('');

  const dispatch = oneAtATime<VoiceEvent>((event) => {
    const before = $state.get();
    const { state, effects } = voiceTransition(before, event);
    $state.set(state);
    if (state.phase === 'message' && before.phase !== 'message') reportToOperator(state.message);
    for (const effect of effects) runVoiceEffect(effect, workers);
  });
  const microphone = createPressMicrophone(deps.recognizer, deps.recorder);
  const workers: VoiceWorkers = {
    deps,
    dispatch,
    timers: createVoiceTimers(dispatch),
    microphone,
    capturing: createCapturing({
      recognizer: deps.recognizer,
      language: deps.language,
      microphone,
      dispatch,
      showPartial: (text) => $partial.set(text),
    }),
  };

  for (const effect of start.effects) runVoiceEffect(effect, workers);
  return {
    $state,
    $partial,
    press: () => dispatch({ type: 'press' }),
    release: () => dispatch({ type: 'release' }),
    dismiss: () => dispatch({ type: 'dismiss' }),
    cancel: () => dispatch({ type: 'cancel' }),
  };
}

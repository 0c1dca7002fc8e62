import type { Capturing } from './capture-session';
import { lookUpCommand } from './command-lookup';
import type { VoiceControllerDeps } from './controller-deps';
import type { VoiceEffect, VoiceEvent } from './machine';
import type { PressMicrophone } from './press-microphone';
import type { VoiceTimers } from './timers';
import { fetchToken } from './token';

// Routes each effect machine.ts decides on to the runner that does it; the runners live beside it, one job each:
// the timers (timers.ts), the microphone held from the press (press-microphone.ts), the capture (capture-session.ts),
// the token (token.ts) and the command's lookup (command-lookup.ts).

export interface VoiceWorkers {
  deps: VoiceControllerDeps;
  dispatch(event: VoiceEvent): void;
  timers: VoiceTimers;
  microphone: PressMicrophone;
  capturing: Capturing;
}

export function runVoiceEffect(effect: VoiceEffect, w: VoiceWorkers): void {
  switch (effect.type) {
    case 'startTimer':
      w.timers.start(effect.timer, effect.ms);
      break;
    case 'clearTimer':
      w.timers.clear(effect.timer);
      break;
    case 'fetchToken':
      fetchToken(effect.attempt, w.deps, w.dispatch);
      break;
    case 'startCapture':
      w.capturing.start(effect.attempt, effect.token);
      break;
    case 'stopCapture':
      w.capturing.stop(effect.attempt);
      break;
    case 'abortCapture':
      w.capturing.abort(effect.attempt);
      break;
    case 'lookup':
      lookUpCommand(w.deps, effect.attempt, effect.text, w.dispatch);
      break;
    case 'openMicrophone':
      w.microphone.open();
      break;
    case 'closeMicrophone':
      w.microphone.close();
      break;
    case 'navigate':
      w.deps.navigate(effect.url, effect.text);
      w.dispatch({ type: 'navigated', attempt: effect.attempt });
      break;
  }
}

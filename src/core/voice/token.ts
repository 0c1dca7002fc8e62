import type { VoiceControllerDeps } from './controller-deps';
import type { VoiceEvent } from './machine';

/** The speech token for an attempt, from the platform; '' at once for a recogniser that needs none. */
export function fetchToken(
  attempt: number,
  deps: Pick<VoiceControllerDeps, 'api' | 'recognizer' | 'language'>,
  dispatch: (event: VoiceEvent) => void,
): void {
  if (!deps.recognizer.needsToken) {
    dispatch({ type: 'tokenReceived', attempt, token: '' });
    return;
  }
  deps.api.token(deps.language()).then(
    (token) => dispatch({ type: 'tokenReceived', attempt, token }),
    () => dispatch({ type: 'tokenFailed', attempt }),
  );
}

// <PhVoice> for React apps (ph-widgets/react) and the shell: the element's component in a shadow root of its own.
import { inShadowRoot } from '../common/shadow-host';
import { PhVoice as Voice } from './PhVoice';

export type { PhVoiceFailure, PhVoiceProps, PhVoiceResult } from './PhVoice';

/**
 * The voice command button of `<ph-voice>` (spec §2, §4): `onResult({ text, url })` returning false keeps the page
 * (a router goes there itself); `onError({ reason, message })`.
 */
export const PhVoice = inShadowRoot('ph-voice', Voice);

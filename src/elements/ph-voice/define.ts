import { createElement } from 'react';
import { ensureToastHost } from '../common/toast-host';
import { defineElement, dispatchFrom, type ElementProps, hostOf } from '../define';
import { installGlobals } from '../global';
import { PhVoice, type PhVoiceFailure, type PhVoiceProps, type PhVoiceResult } from './PhVoice';

/** What a page can set on <ph-voice>: the component's plain-data props. */
type VoiceElementProps = ElementProps & Pick<PhVoiceProps, 'disabled'>;

export type PhVoiceResultDetail = PhVoiceResult;
export type PhVoiceErrorDetail = PhVoiceFailure;

/** The events of <ph-voice>. */
export interface PhVoiceEventMap {
  /**
   * A command was understood: what was said and the skill's page, which the page then goes to. Cancelable:
   * `preventDefault()` keeps the page (a page that routes by itself).
   */
  'ph-voice-result': CustomEvent<PhVoiceResultDetail>;
  /**
   * An attempt ended with a message instead of a page: `miss` (no such skill), `empty` (speech, but nothing
   * understood), `silence` (nothing heard: check the microphone), `token` (check the server configuration),
   * `microphone`, `unsupported`, `connection` or `recognition`; `message` is the text shown, `text` what was heard
   * (a miss of real speech).
   */
  'ph-voice-error': CustomEvent<PhVoiceErrorDetail>;
}

/** <ph-voice>: PhVoice in the element's shadow root; outcomes become ph-voice-* events on the host. */
function VoiceElement({ container, ...props }: VoiceElementProps) {
  const host = hostOf(container);
  return createElement(PhVoice, {
    ...props,
    onResult: (result) => dispatchFrom(host, 'ph-voice-result', result, { cancelable: true }),
    onError: (failure) => dispatchFrom(host, 'ph-voice-error', failure),
  });
}

/**
 * Voice command button (spec §2 "Voice recorder button", §4 Voice recording, §8, §9), named 语音指令 / Voice command /
 * 語音指令. Press and hold it — mouse, touch, or Space or Enter held on the keyboard: after 200 ms it fetches a speech
 * token (`get_ali_token`) and records from the microphone (opened at the press, so words said as it goes down are
 * kept), counting down from 60 s, when it stops by itself; releasing stops it. The recognised text, one trailing
 * punctuation mark removed, is looked up (`find_by_vocabulary`), then among the names on the user's own tiles (full
 * or short, any language: "open time table" opens My timetable at `/redirect/schedule`): what it names is opened
 * (`ph-voice-result`, cancelable). Otherwise it says it has not learned that skill, with what it heard and one of
 * the user's apps to try, until the next press, Escape or its close button; that it did not understand, or that
 * voice is not available when no token came, for about 1 s (`ph-voice-error`). A "long
 * press" hint shows below it for its first 3 s (moving nothing; not while a dialog is open), and as a tooltip while it
 * is hovered or focused.
 * Messages are announced in a live region; the microphone is released after
 * every recording and when the element leaves the page. Recognition by Alibaba Cloud NLS or the browser's Web Speech
 * API, as `phinit`'s `voice` option says (docs/guide/voice.md).
 *
 * @summary Voice command button
 * @csspart button - The round microphone button.
 * @csspart hint - §4's long-press hint for the first 3 s, a tip below the button (not while a dialog is open).
 * @csspart bubble - What it is doing, below the button: the recording indicator with the seconds left, the messages.
 * @csspart tooltip - 长按说出指令 / Press and hold to speak a command, while the pointer is over the button or focus is on it.
 * @csspart countdown - The recording indicator and the seconds left, inside the bubble.
 * @csspart close - The close button of a miss, inside the bubble (关闭 / Close / 關閉).
 * @csspart status - The live region that announces each state and message to screen readers (visually hidden).
 */
export const PhVoiceElement = defineElement('ph-voice', VoiceElement, {
  booleans: ['disabled'],
});
ensureToastHost();
installGlobals();

declare global {
  interface GlobalEventHandlersEventMap extends PhVoiceEventMap {}
  interface HTMLElementTagNameMap {
    'ph-voice': HTMLElement & Omit<VoiceElementProps, 'container'>;
  }
}

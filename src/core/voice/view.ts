import { splitBilingual } from '../i18n/bilingual';
import type { Language, TranslateParams } from '../i18n/translate';
import type { VoiceMessage, VoiceState } from './machine';

// What the voice button says in each state, as text keys of strings.ts: the element renders these, nothing more.

type Translate = (key: string, params?: TranslateParams) => string;

/** The message of a finished attempt; a failure's reason (possibly `中文|||English`) follows it in the language. */
export function voiceMessageText(message: VoiceMessage, translate: Translate, language: Language): string {
  const text = translate(`voice.message.${message.kind}`);
  if (!message.detail || message.kind === 'miss') return text;
  return translate('voice.message.withDetail', { message: text, detail: splitBilingual(message.detail, language) });
}

/** The recording indicator's seconds left ('' when not recording): shown, not announced every second. */
export function voiceCountdownText(state: VoiceState, translate: Translate): string {
  return state.phase === 'recording' ? translate('voice.remaining', { seconds: state.remaining }) : '';
}

/** The status line while nothing is to be announced ('' when idle without the hint). */
export function voiceStatusText(state: VoiceState, translate: Translate): string {
  switch (state.phase) {
    case 'idle':
      return state.hint ? translate('voice.hint') : '';
    case 'pressing':
      return translate('voice.pressing');
    case 'connecting':
      return translate('voice.connecting');
    case 'recording':
      return translate('voice.recording');
    case 'recognising':
      return translate('voice.recognising');
    case 'lookingUp':
      return translate('voice.lookingUp', { text: state.text });
    case 'navigating':
      return translate('voice.navigating', { text: state.text });
    case 'message':
      return '';
  }
}

import { BILINGUAL_SEPARATOR } from '../api/wire';
import { splitBilingual } from '../i18n/bilingual';
import type { Language } from '../i18n/language';
import type { TranslateParams } from '../i18n/translate';
import type { VoiceMessage, VoiceState } from './machine';

// What the voice button says in each state, as text keys of strings.ts: the element renders these, nothing more.

type Translate = (key: string, params?: TranslateParams) => string;

/**
 * Whether a failure's detail was written for the person at the button: §8's `中文|||English` text of the server. An
 * exception's name (NotSupportedError) or a protocol status is for whoever runs the platform (issue 35).
 */
export function isUserDetail(detail: string | undefined): detail is string {
  return detail?.includes(BILINGUAL_SEPARATOR) ?? false;
}

/** What a finished attempt tells the operator (the console) that the user is not shown; null when nothing. */
export function voiceOperatorNote(message: VoiceMessage): string | null {
  if (message.kind === 'token') {
    // Either the token call failed or the page has no NLS app key for the language (phinit's voice.appKeys).
    const what = message.detail ?? "the speech token call (§7's voice token) failed";
    return `ph-voice: ${what}: check the server configuration`;
  }
  if (message.kind === 'miss' || !message.detail || isUserDetail(message.detail)) return null;
  return `ph-voice: ${message.kind}: ${message.detail}`;
}

/** Phrases to try, each quoted, as a list in the language ("a", "b" or "c"); Chinese ones in Hong Kong forms for zh-HK. */
function phraseList(phrases: readonly string[], translate: Translate, language: Language): string {
  const quoted = phrases.map((phrase) => translate('voice.quoted', { text: splitBilingual(phrase, language) }));
  return new Intl.ListFormat(language, { type: 'disjunction' }).format(quoted);
}

/** Phrases a message offers at most: a line, not a list to scroll. */
const PHRASES_SHOWN = 3;

/**
 * The message of a finished attempt, a line each: a miss adds what was heard and a phrase that works (issue 35);
 * speech not understood adds the phrases the recogniser does hear, when it told them (issue 69); a reason written
 * for people (`中文|||English`) follows a failure in the language.
 */
export function voiceMessageLines(message: VoiceMessage, translate: Translate, language: Language): string[] {
  const text = translate(`voice.message.${message.kind}`);
  if (message.phrases?.length) {
    const phrases = phraseList(message.phrases.slice(0, PHRASES_SHOWN), translate, language);
    return [text, translate('voice.tryPhrases', { phrases })];
  }
  if (message.kind === 'miss') {
    const lines = [text];
    if (message.detail) lines.push(translate('voice.heard', { text: message.detail }));
    if (message.suggestion) {
      lines.push(translate('voice.try', { phrase: translate('voice.openPhrase', { name: message.suggestion }) }));
    }
    return lines;
  }
  if (!isUserDetail(message.detail)) return [text];
  return [translate('voice.message.withDetail', { message: text, detail: splitBilingual(message.detail, language) })];
}

/** The message of a finished attempt as one announcement. */
export function voiceMessageText(message: VoiceMessage, translate: Translate, language: Language): string {
  return voiceMessageLines(message, translate, language).join(' ');
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

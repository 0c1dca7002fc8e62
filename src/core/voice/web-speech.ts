import type { Language } from '../i18n/language';
import { type RecognitionOptions, type RecognitionSession, type Recognizer, VoiceError } from './capture';
import { deferred } from './deferred';

// The browser's own speech recognition (Web Speech API), where it exists. It listens to the microphone itself and
// needs no token. In mainland China the service behind it (Google's, in Chrome) cannot be reached, which is why it
// is only ever a configured choice with NLS behind it (config.ts).

/** The parts of the Web Speech API used here (TypeScript's DOM library does not declare it). */
interface SpeechAlternative {
  transcript: string;
}
interface SpeechResult {
  readonly isFinal: boolean;
  readonly length: number;
  [index: number]: SpeechAlternative;
}
interface SpeechResultEvent {
  readonly resultIndex: number;
  readonly results: { readonly length: number; [index: number]: SpeechResult };
}
export interface SpeechRecognitionLike {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onaudiostart: (() => void) | null;
  onresult: ((event: SpeechResultEvent) => void) | null;
  onerror: ((event: { error: string; message?: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
export type SpeechRecognitionConstructor = new () => SpeechRecognitionLike;

/** BCP 47 tags for the recognition service: Cantonese for zh-HK. */
export const WEB_SPEECH_LANGUAGES: Record<Language, string> = {
  'zh-CN': 'zh-CN',
  en: 'en-US',
  'zh-HK': 'yue-Hant-HK',
};

/** The browser's SpeechRecognition constructor (prefixed in Chrome and Safari), or null. */
export function speechRecognitionConstructor(scope: object = globalThis): SpeechRecognitionConstructor | null {
  const globals = scope as { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };
  const found = globals.SpeechRecognition ?? globals.webkitSpeechRecognition;
  return typeof found === 'function' ? (found as SpeechRecognitionConstructor) : null;
}

/** Web Speech error codes -> the widget's failure kinds. */
function speechError(error: string, message?: string): VoiceError {
  const detail = message || error;
  if (error === 'not-allowed' || error === 'service-not-allowed' || error === 'audio-capture') {
    return new VoiceError('microphone', detail);
  }
  if (error === 'network') return new VoiceError('connection', detail);
  if (error === 'language-not-supported') return new VoiceError('unsupported', detail);
  return new VoiceError('recognition', detail);
}

function startWebSpeech(Recognition: SpeechRecognitionConstructor, options: RecognitionOptions): RecognitionSession {
  const recognition = new Recognition();
  recognition.lang = WEB_SPEECH_LANGUAGES[options.language];
  // Listens until released (stop), like the NLS recogniser, rather than ending at the first pause.
  recognition.continuous = true;
  recognition.interimResults = true;
  recognition.maxAlternatives = 1;
  let finalText = '';
  let settled = false;
  const ready = deferred<void>();
  const result = deferred<string>();
  recognition.onaudiostart = () => ready.resolve();
  recognition.onresult = (event) => {
    let interim = '';
    for (let index = event.resultIndex; index < event.results.length; index++) {
      const entry = event.results[index];
      const transcript = entry?.[0]?.transcript ?? '';
      if (entry?.isFinal) finalText += transcript;
      else interim += transcript;
    }
    options.onPartial?.(finalText + interim);
  };
  recognition.onerror = (event) => {
    if (settled || event.error === 'aborted') return;
    // Silence is an empty sentence ("didn't understand"), not a failure.
    if (event.error === 'no-speech') return;
    settled = true;
    const error = speechError(event.error, event.message);
    ready.reject(error);
    result.reject(error);
  };
  recognition.onend = () => {
    if (settled) return;
    settled = true;
    ready.resolve();
    result.resolve(finalText.trim());
  };
  try {
    recognition.start();
  } catch (error) {
    settled = true;
    const failure = new VoiceError('unsupported', error instanceof Error ? error.message : String(error));
    ready.reject(failure);
    result.reject(failure);
  }
  return {
    ready: ready.promise,
    result: result.promise,
    sendAudio: () => undefined,
    stop: () => recognition.stop(),
    cancel: () => {
      settled = true;
      recognition.abort();
    },
  };
}

/** The Web Speech recogniser, or null where the browser has none. */
export function webSpeechRecognizer(scope: object = globalThis): Recognizer | null {
  const Recognition = speechRecognitionConstructor(scope);
  if (!Recognition) return null;
  return { capturesAudio: true, needsToken: false, start: (options) => startWebSpeech(Recognition, options) };
}

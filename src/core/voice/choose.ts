import type { VoiceConfig } from '../config/resolve';
import type { Recognizer } from './capture';
import { nlsRecognizer, type SocketLike } from './nls';
import { webSpeechRecognizer } from './web-speech';

// Which recogniser listens, by configuration (phinit `voice.recognizer`): NLS unless the page asks for the
// browser's Web Speech API and the browser has one. Web Speech is never the only choice: it cannot be reached from
// mainland China, and most browsers outside Chrome and Safari lack it.

export type RecognizerKind = 'nls' | 'web-speech';

/** The decision alone. */
export function pickRecognizer(config: Pick<VoiceConfig, 'recognizer'>, webSpeechAvailable: boolean): RecognizerKind {
  return config.recognizer === 'web-speech' && webSpeechAvailable ? 'web-speech' : 'nls';
}

export interface RecognizerEnvironment {
  /** Where the Web Speech API is looked for; default globalThis. */
  scope?: object;
  createSocket?: (url: string) => SocketLike;
}

/** The configured recogniser, made. */
export function createRecognizer(config: VoiceConfig, environment: RecognizerEnvironment = {}): Recognizer {
  const webSpeech = webSpeechRecognizer(environment.scope);
  if (pickRecognizer(config, webSpeech !== null) === 'web-speech' && webSpeech) return webSpeech;
  return nlsRecognizer({ url: config.nlsUrl, appKeys: config.appKeys, createSocket: environment.createSocket });
}

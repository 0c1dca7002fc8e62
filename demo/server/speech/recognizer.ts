// What the server asks of an offline recognizer, apart from pocketsphinx.ts, its one implementation: the
// configuration names the contract without importing the implementation, which needs the languages from here.

export type SpeechLanguage = 'zh-CN' | 'en' | 'zh-HK';

/** One recognition under way: fed while the user speaks, so that little is left to decode at the release. */
export interface Listening {
  /** More of the recording, 16 kHz mono 16-bit PCM, in order. */
  write(pcm: Buffer): void;
  /** No more audio: the text heard ('' when nothing matched). */
  end(): Promise<string>;
  /** Drops the recognition; settles once its decoder has stopped. */
  cancel(): Promise<void>;
}

export interface SpeechRecognizer {
  /** Whether it can run on this machine (programs and model installed). */
  available(): boolean;
  /**
   * Starts recognising speech in `language` against the given skill vocabulary and, in English, the user's tile
   * `names` said as "open …".
   */
  listen(vocabulary: readonly string[], language: SpeechLanguage, names?: readonly string[]): Listening;
}

/** A whole recording at once (the speech bench's sets): the same decoding as the gateway's, fed in one go. */
export function recognise(
  recognizer: SpeechRecognizer,
  pcm: Buffer,
  vocabulary: readonly string[],
  language: SpeechLanguage,
  names?: readonly string[],
): Promise<string> {
  const listening = recognizer.listen(vocabulary, language, names);
  listening.write(pcm);
  return listening.end();
}

// What the server asks of an offline recognizer, apart from pocketsphinx.ts, its one implementation: the
// configuration names the contract without importing the implementation, which needs the languages from here.

export type SpeechLanguage = 'zh-CN' | 'en' | 'zh-HK';

export interface SpeechRecognizer {
  /** Whether it can run on this machine (programs and model installed). */
  available(): boolean;
  /**
   * The text of 16 kHz mono 16-bit PCM in `language`, decoded against the given skill vocabulary and, in English, the
   * user's tile `names` said as "open …" ('' when nothing matched).
   */
  recognise(
    pcm: Buffer,
    vocabulary: readonly string[],
    language: SpeechLanguage,
    names?: readonly string[],
  ): Promise<string>;
}

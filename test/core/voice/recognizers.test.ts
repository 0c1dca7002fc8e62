import { describe, expect, it } from 'vitest';
import { resolveVoiceConfig } from '../../../src/core/config';
import { createRecognizer, pickRecognizer, webSpeechRecognizer } from '../../../src/core/voice';
import type { SpeechRecognitionLike } from '../../../src/core/voice/web-speech';

// Which recogniser the configuration gives, and the Web Speech adapter against a scripted SpeechRecognition (the
// browser's service behind it is a cloud service this machine cannot reach).

class ScriptedSpeech implements SpeechRecognitionLike {
  static last: ScriptedSpeech | undefined;
  lang = '';
  continuous = false;
  interimResults = false;
  maxAlternatives = 0;
  onaudiostart: (() => void) | null = null;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: (() => void) | null = null;
  calls: string[] = [];
  constructor() {
    ScriptedSpeech.last = this;
  }
  start() {
    this.calls.push('start');
  }
  stop() {
    this.calls.push('stop');
  }
  abort() {
    this.calls.push('abort');
  }
  hear(results: [string, boolean][]) {
    const list = results.map(([transcript, isFinal]) => Object.assign([{ transcript }], { isFinal }));
    this.onresult?.({ resultIndex: 0, results: list });
  }
}

const speech = () => ScriptedSpeech.last as ScriptedSpeech;

describe('choosing the recogniser (phinit voice.recognizer)', () => {
  it.each([
    ['nls', true, 'nls'],
    ['nls', false, 'nls'],
    ['web-speech', true, 'web-speech'],
    ['web-speech', false, 'nls'],
  ] as const)('%s with Web Speech %s -> %s', (recognizer, available, expected) => {
    expect(pickRecognizer({ recognizer }, available)).toBe(expected);
  });

  it('defaults to NLS on the Shanghai gateway and keeps only the app keys given', () => {
    expect(resolveVoiceConfig({ appKeys: { en: ' k-en ', 'zh-CN': '' } })).toEqual({
      recognizer: 'nls',
      nlsUrl: 'wss://nls-gateway-cn-shanghai.aliyuncs.com/ws/v1',
      appKeys: { en: 'k-en' },
    });
  });

  it('makes the Web Speech recogniser only where the browser has one', () => {
    const config = resolveVoiceConfig({ recognizer: 'web-speech' });
    expect(createRecognizer(config, { scope: { webkitSpeechRecognition: ScriptedSpeech } })).toMatchObject({
      capturesAudio: true,
      needsToken: false,
    });
    expect(createRecognizer(config, { scope: {} })).toMatchObject({ capturesAudio: false, needsToken: true });
  });
});

describe('Web Speech recogniser', () => {
  const recognizer = webSpeechRecognizer({ SpeechRecognition: ScriptedSpeech });

  it('listens in the language (Cantonese for zh-HK) until stopped, and joins the final results', async () => {
    const partials: string[] = [];
    const session = recognizer?.start({ token: '', language: 'zh-HK', onPartial: (text) => partials.push(text) });
    expect(speech()).toMatchObject({ lang: 'yue-Hant-HK', continuous: true, interimResults: true, calls: ['start'] });
    speech().onaudiostart?.();
    await session?.ready;
    speech().hear([['打開', false]]);
    speech().hear([['打開成績管理', true]]);
    session?.stop();
    expect(speech().calls).toEqual(['start', 'stop']);
    speech().onend?.();
    await expect(session?.result).resolves.toBe('打開成績管理');
    expect(partials).toEqual(['打開', '打開成績管理']);
  });

  it('takes silence as an empty sentence', async () => {
    const session = recognizer?.start({ token: '', language: 'en' });
    speech().onerror?.({ error: 'no-speech' });
    speech().onend?.();
    await expect(session?.result).resolves.toBe('');
  });

  it.each([
    ['not-allowed', 'microphone'],
    ['audio-capture', 'microphone'],
    ['network', 'connection'],
    ['language-not-supported', 'unsupported'],
    ['bad-grammar', 'recognition'],
  ])('reports the error %s as %s', async (error, kind) => {
    const session = recognizer?.start({ token: '', language: 'zh-CN' });
    speech().onerror?.({ error });
    speech().onend?.();
    await expect(session?.result).rejects.toMatchObject({ kind });
  });

  it('aborts on cancel', () => {
    const session = recognizer?.start({ token: '', language: 'en' });
    session?.cancel();
    expect(speech().calls).toEqual(['start', 'abort']);
  });

  it('is absent where the browser has no speech recognition', () => {
    expect(webSpeechRecognizer({})).toBeNull();
  });
});

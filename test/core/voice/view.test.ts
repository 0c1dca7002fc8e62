import { afterEach, describe, expect, it } from 'vitest';
import { loadHongKongConverter } from '../../../src/core/i18n/hongkong/load';
import { LANGUAGES } from '../../../src/core/i18n/language';
import { $language, t } from '../../../src/core/i18n/translate';
import {
  ensureVoiceStrings,
  VOICE_STRINGS,
  type VoiceMessageKind,
  type VoiceState,
  voiceCountdownText,
  voiceMessageLines,
  voiceMessageText,
  voiceOperatorNote,
  voiceStatusText,
} from '../../../src/core/voice';

// What the voice button says, in the three languages (§2 voice button, §4, §8).

ensureVoiceStrings();
afterEach(() => $language.set('zh-CN'));

describe('voice texts', () => {
  it('has every text in zh-CN, en and zh-HK', () => {
    const keys = Object.keys(VOICE_STRINGS['zh-CN']).sort();
    for (const language of LANGUAGES) {
      expect(Object.keys(VOICE_STRINGS[language]).sort(), language).toEqual(keys);
      for (const text of Object.values(VOICE_STRINGS[language])) expect(text.trim()).not.toBe('');
    }
  });

  it('names the button 语音指令 / Voice command / 語音指令', () => {
    expect(LANGUAGES.map((language) => VOICE_STRINGS[language]['voice.name'])).toEqual([
      '语音指令',
      'Voice command',
      '語音指令',
    ]);
  });

  it.each([
    ['zh-CN', 'miss', '我还没有学会这个技能'],
    ['en', 'miss', "I haven't learned this skill yet"],
    ['zh-HK', 'empty', '聽不明白，請再說一遍'],
    ['en', 'empty', "Sorry, I didn't understand. Please say it again"],
    ['zh-CN', 'silence', '没有听到声音，请检查麦克风'],
    ['en', 'silence', 'I heard nothing; check the microphone'],
    ['zh-HK', 'silence', '沒有聽到聲音，請檢查咪高峰'],
    ['zh-CN', 'token', '语音指令暂时无法使用，请稍后再试'],
    ['en', 'token', 'Voice commands are not available right now, please try again later'],
  ] as const)('%s %s: %s', (language, kind: VoiceMessageKind, text) => {
    $language.set(language);
    expect(voiceMessageText({ kind, detail: 'what was heard' }, t, language).startsWith(text)).toBe(true);
  });

  it.each([
    ['zh-CN', ['我还没有学会这个技能', '听到的是：“打开课程表”', '可以说：“打开课表”'], '课表'],
    ['en', ["I haven't learned this skill yet", 'Heard: “open time tabel”', 'Try: “open Timetable”'], 'Timetable'],
    ['zh-HK', ['我還沒有學會這個技能', '聽到的是：「打開課程表」', '可以說：「打開課表」'], '課表'],
  ] as const)(
    'a miss in %s says what was heard and a phrase that works, a line each (issue 35)',
    (language, lines, name) => {
      $language.set(language);
      const heard = lines[1].slice(lines[1].search(/[“「]/) + 1, -1);
      expect(voiceMessageLines({ kind: 'miss', detail: heard, suggestion: name }, t, language)).toEqual(lines);
      expect(voiceMessageLines({ kind: 'miss', detail: heard }, t, language)).toEqual(lines.slice(0, 2));
    },
  );

  it.each([
    ['zh-CN', '没听懂，请再说一遍', '可以说：“打开我的消息”、“打开成绩管理”或“查看考勤”'],
    [
      'en',
      "Sorry, I didn't understand. Please say it again",
      'Try: “open my messages”, “open grade management”, or “show attendance”',
    ],
    ['zh-HK', '聽不明白，請再說一遍', '可以說：「打開我的消息」、「打開成績管理」或「查看考勤」'],
  ] as const)(
    'speech not understood in %s names the phrases the recogniser hears, a line after the message (issue 69)',
    async (language, message, phrases) => {
      await loadHongKongConverter();
      $language.set(language);
      const said =
        language === 'en'
          ? ['open my messages', 'open grade management', 'show attendance']
          : ['打开我的消息', '打开成绩管理', '查看考勤'];
      expect(voiceMessageLines({ kind: 'empty', phrases: said }, t, language)).toEqual([message, phrases]);
      // A line, not a list: three at most.
      expect(voiceMessageLines({ kind: 'empty', phrases: [...said, 'open library'] }, t, language)).toEqual([
        message,
        phrases,
      ]);
      expect(voiceMessageLines({ kind: 'empty' }, t, language)).toEqual([message]);
    },
  );

  it('adds a failure reason in the page language', () => {
    $language.set('en');
    const message = { kind: 'recognition' as const, detail: '普通话需要云端服务|||Mandarin needs the cloud service' };
    expect(voiceMessageText(message, t, 'en')).toBe('Speech recognition failed (Mandarin needs the cloud service)');
    $language.set('zh-CN');
    expect(voiceMessageText(message, t, 'zh-CN')).toBe('语音识别失败（普通话需要云端服务）');
  });

  it('keeps technical reasons out of the message and gives them to the operator instead (issue 35)', () => {
    $language.set('zh-CN');
    const unsupported = { kind: 'unsupported' as const, detail: 'NotSupportedError' };
    expect(voiceMessageText(unsupported, t, 'zh-CN')).toBe('此浏览器无法录音');
    expect(voiceOperatorNote(unsupported)).toBe('ph-voice: unsupported: NotSupportedError');
    const token = { kind: 'token' as const };
    expect(voiceMessageText(token, t, 'zh-CN')).not.toContain('服务器');
    expect(voiceOperatorNote(token)).toContain('check the server configuration');
    // A language without an app key says so on the console, and the button no more than for a token (issue 69).
    const noAppKey = { kind: 'token' as const, detail: 'no NLS app key is configured for en' };
    expect(voiceMessageText(noAppKey, t, 'zh-CN')).toBe(voiceMessageText(token, t, 'zh-CN'));
    expect(voiceOperatorNote(noAppKey)).toBe(
      'ph-voice: no NLS app key is configured for en: check the server configuration',
    );
    // A reason written for people (§8's two languages) is theirs, and nothing of it goes to the console.
    const people = { kind: 'recognition' as const, detail: '请求过多|||Too many requests' };
    expect(voiceOperatorNote(people)).toBe(null);
    expect(voiceOperatorNote({ kind: 'miss' as const, detail: 'open time table' })).toBe(null);
  });

  it('counts down the seconds left while recording, and shows the hint only while it is on', () => {
    $language.set('en');
    const recording: VoiceState = { phase: 'recording', remaining: 42, hint: false, attempt: 1 };
    expect(voiceStatusText(recording, t)).toBe('Listening, release to finish');
    expect(voiceCountdownText(recording, t)).toBe('42 s left');
    expect(voiceCountdownText({ phase: 'recognising', hint: false, attempt: 1 }, t)).toBe('');
    expect(voiceStatusText({ phase: 'idle', hint: true, attempt: 0 }, t)).toBe('Press and hold to speak a command');
    expect(voiceStatusText({ phase: 'idle', hint: false, attempt: 0 }, t)).toBe('');
  });
});

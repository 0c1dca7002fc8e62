import { addStrings, type StringTable } from '../i18n/translate';

// The voice widget's texts (§2 voice button, §4 voice recording, §8 token failure) in the three languages. They
// join core's built-in table when the first voice controller is made, so pages without voice do not carry them.
// Loaded language packs still win over them, key by key.

export const VOICE_STRINGS: StringTable = {
  'zh-CN': {
    'voice.name': '语音指令',
    'voice.hint': '长按说出指令',
    'voice.pressing': '继续按住…',
    'voice.connecting': '正在准备录音…',
    'voice.recording': '正在聆听，松开结束',
    'voice.remaining': '剩余 {seconds} 秒',
    'voice.keyboard': '按住按钮（或空格键、回车键）说出指令，松开结束',
    'voice.recognising': '正在识别…',
    'voice.lookingUp': '正在查找“{text}”…',
    'voice.navigating': '正在打开“{text}”…',
    'voice.message.miss': '我还没有学会这个技能',
    'voice.message.empty': '没听懂，请再说一遍',
    'voice.message.silence': '没有听到声音，请检查麦克风',
    'voice.message.token': '语音指令暂时无法使用，请稍后再试',
    'voice.message.microphone': '无法使用麦克风，请检查浏览器的麦克风权限',
    'voice.message.unsupported': '此浏览器无法录音',
    'voice.message.connection': '无法连接语音识别服务，请稍后再试',
    'voice.message.recognition': '语音识别失败',
    'voice.heard': '听到的是：“{text}”',
    'voice.try': '可以说：“{phrase}”',
    'voice.tryPhrases': '可以说：{phrases}',
    'voice.quoted': '“{text}”',
    'voice.openPhrase': '打开{name}',
    'voice.dismiss': '关闭',
    'voice.message.withDetail': '{message}（{detail}）',
  },
  en: {
    'voice.name': 'Voice command',
    'voice.hint': 'Press and hold to speak a command',
    'voice.pressing': 'Keep holding…',
    'voice.connecting': 'Getting ready to listen…',
    'voice.recording': 'Listening, release to finish',
    'voice.remaining': '{seconds} s left',
    'voice.keyboard': 'Hold the button (or Space or Enter) and speak a command; release to finish',
    'voice.recognising': 'Recognising…',
    'voice.lookingUp': 'Looking up “{text}”…',
    'voice.navigating': 'Opening “{text}”…',
    'voice.message.miss': "I haven't learned this skill yet",
    'voice.message.empty': "Sorry, I didn't understand. Please say it again",
    'voice.message.silence': 'I heard nothing; check the microphone',
    'voice.message.token': 'Voice commands are not available right now, please try again later',
    'voice.message.microphone': "The microphone is not available: check the browser's microphone permission",
    'voice.message.unsupported': 'This browser cannot record audio',
    'voice.message.connection': 'Cannot reach the speech recognition service, please try again later',
    'voice.message.recognition': 'Speech recognition failed',
    'voice.heard': 'Heard: “{text}”',
    'voice.try': 'Try: “{phrase}”',
    'voice.tryPhrases': 'Try: {phrases}',
    'voice.quoted': '“{text}”',
    'voice.openPhrase': 'open {name}',
    'voice.dismiss': 'Close',
    'voice.message.withDetail': '{message} ({detail})',
  },
  'zh-HK': {
    'voice.name': '語音指令',
    'voice.hint': '長按說出指令',
    'voice.pressing': '繼續按住…',
    'voice.connecting': '正在準備錄音…',
    'voice.recording': '正在聆聽，鬆開結束',
    'voice.remaining': '剩餘 {seconds} 秒',
    'voice.keyboard': '按住按鈕（或空格鍵、回車鍵）說出指令，鬆開結束',
    'voice.recognising': '正在識別…',
    'voice.lookingUp': '正在查找「{text}」…',
    'voice.navigating': '正在打開「{text}」…',
    'voice.message.miss': '我還沒有學會這個技能',
    'voice.message.empty': '聽不明白，請再說一遍',
    'voice.message.silence': '沒有聽到聲音，請檢查咪高峰',
    'voice.message.token': '語音指令暫時無法使用，請稍後再試',
    'voice.message.microphone': '無法使用咪高峰，請檢查瀏覽器的咪高峰權限',
    'voice.message.unsupported': '此瀏覽器無法錄音',
    'voice.message.connection': '無法連接語音識別服務，請稍後再試',
    'voice.message.recognition': '語音識別失敗',
    'voice.heard': '聽到的是：「{text}」',
    'voice.try': '可以說：「{phrase}」',
    'voice.tryPhrases': '可以說：{phrases}',
    'voice.quoted': '「{text}」',
    'voice.openPhrase': '打開{name}',
    'voice.dismiss': '關閉',
    'voice.message.withDetail': '{message}（{detail}）',
  },
};

let added = false;

/** Adds the voice texts to core's table once per copy of core (adding them twice changes nothing). */
export function ensureVoiceStrings(): void {
  if (added) return;
  added = true;
  addStrings(VOICE_STRINGS);
}

// What a recording held (issue 56): whether the microphone heard anything at all, and whether a text the recogniser
// gave is a phrase worth showing back to the user. The machine decides the message with these; nothing here
// touches the browser.

/**
 * The loudest sample a frame of silence reaches: about -30 dBFS of 16-bit audio. A quiet room, after the browser's
 * noise suppression, stays well under it; a voice at a normal distance passes it in its first syllable.
 */
export const SOUND_PEAK = 1000;

/** Whether a 16-bit PCM frame has any sound above the level of silence. */
export function isAudible(pcm: Int16Array): boolean {
  for (const sample of pcm) if (sample >= SOUND_PEAK || sample <= -SOUND_PEAK) return true;
  return false;
}

/** Hesitations a recogniser writes down that say nothing (English words; Chinese characters). */
const FILLER_WORDS = new Set(['uh', 'um', 'er', 'erm', 'ah', 'oh', 'hm', 'hmm', 'mm', 'eh']);
const FILLER_CHARACTERS = new Set([...'嗯啊呃哦噢唔哎呀额欸诶誒']);

const HAN = /\p{Script=Han}/u;
/** A run of letters or digits that is no Chinese character: an English word, a number. */
const WORD = /[\p{L}\p{N}]+/gu;

/**
 * Whether a recognised text is real speech, to show as "Heard: …" on a miss: at least two meaningful units, a unit
 * being a Chinese character or a word, hesitations left out. "My", "嗯啊", "我" are fragments; "open timetable",
 * "成绩" are speech.
 */
export function isRealSpeech(text: string): boolean {
  let units = 0;
  for (const character of text) {
    if (HAN.test(character) && !FILLER_CHARACTERS.has(character)) units += 1;
  }
  const words = text.replace(/\p{Script=Han}/gu, ' ').match(WORD) ?? [];
  units += words.filter((word) => !FILLER_WORDS.has(word.toLowerCase())).length;
  return units >= 2;
}

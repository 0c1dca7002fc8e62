import { pinyin } from 'pinyin-pro';
import ToJyutping from 'to-jyutping';
import type { Romanise } from './chinese-grammar';

// Characters to toneless syllables: pinyin-pro for Mandarin (with its phrase dictionary for characters of several
// readings), to-jyutping for Cantonese.

export const romanise: Romanise = (phrase, language) => {
  if (language === 'zh-CN') return pinyin(phrase, { toneType: 'none', type: 'array', v: true });
  const syllables = ToJyutping.getJyutpingList(phrase).map(([, jyutping]) => jyutping?.replace(/[1-6]$/, '') ?? null);
  return syllables.every((syllable): syllable is string => !!syllable) ? syllables : null;
};

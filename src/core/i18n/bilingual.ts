import { BILINGUAL_SEPARATOR } from '../api/wire';
import { toHongKong } from './hongkong/load';
import type { Language } from './language';

/**
 * §8: server messages may read `中文|||English`. English is shown only for `en`; zh-CN reads the Chinese part. A
 * third part, where the data has one, is the Traditional Chinese that zh-HK reads (seeded grade and class names:
 * `三年级|||Grade 3|||三年級`); without it zh-HK reads the Chinese part too. A missing part falls back to the Chinese
 * one (or the English, when the Chinese is empty) rather than showing nothing; anything after a third separator is
 * not part of any language. zh-HK shows Chinese the server sent in Simplified in Hong Kong forms (issue 56), once
 * the converter has loaded (hongkong/load.ts); at display only, never in stored data.
 */
export function splitBilingual(message: string, language: Language): string {
  if (!message.includes(BILINGUAL_SEPARATOR)) return language === 'zh-HK' ? toHongKong(message) : message;
  const [first = '', second = '', third = ''] = message.split(BILINGUAL_SEPARATOR).map((part) => part.trim());
  const fallback = first || second;
  if (language === 'en') return second || fallback;
  if (language === 'zh-HK') return third || toHongKong(fallback);
  return fallback;
}

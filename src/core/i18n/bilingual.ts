import { BILINGUAL_SEPARATOR } from '../api/wire';
import type { Language } from './translate';

/**
 * §8: server messages may read `中文|||English`. English is shown only for `en`; zh-CN and zh-HK read the
 * Chinese part. A missing English part falls back to the Chinese one rather than showing nothing. Only the first
 * two parts count: anything after a further separator is not part of either language.
 */
export function splitBilingual(message: string, language: Language): string {
  if (!message.includes(BILINGUAL_SEPARATOR)) return message;
  const [first = '', second = ''] = message.split(BILINGUAL_SEPARATOR);
  const chinese = first.trim();
  const english = second.trim();
  return language === 'en' && english !== '' ? english : chinese || english;
}

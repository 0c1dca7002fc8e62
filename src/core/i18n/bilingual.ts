import { BILINGUAL_SEPARATOR } from '../api/wire';
import type { Language } from './translate';

/**
 * §8: server messages may read `中文|||English`. English is shown only for `en`; zh-CN and zh-HK read the
 * Chinese part. A missing English part falls back to the Chinese one rather than showing nothing.
 */
export function splitBilingual(message: string, language: Language): string {
  const index = message.indexOf(BILINGUAL_SEPARATOR);
  if (index < 0) return message;
  const chinese = message.slice(0, index).trim();
  const english = message.slice(index + BILINGUAL_SEPARATOR.length).trim();
  return language === 'en' && english !== '' ? english : chinese || english;
}

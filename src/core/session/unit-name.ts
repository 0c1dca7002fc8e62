import { splitBilingual } from '../i18n/bilingual';
import type { Language } from '../i18n/language';
import type { SessionState } from './state';

/**
 * The unit's name as a page in `language` shows it: the English name for `en` where the unit has one, else the
 * Chinese name read as §8's bilingual text (its English part for `en`, Hong Kong forms for zh-HK once the converter
 * has loaded). One rule for the header, the shell's title and the unit's own page.
 */
export function unitNameIn(session: Pick<SessionState, 'unitName' | 'unitEnName'>, language: Language): string {
  if (language === 'en' && session.unitEnName) return session.unitEnName;
  return splitBilingual(session.unitName, language);
}
